import type { ActivityStatus, ActivityType, LeadStatus } from '@shine/shared/enums';
import type { Stats } from '@shine/shared/types';

/** GET /api/admin/stats also answers the estimated value per status (Revenue Pipeline). */
export type StatsReport = Stats & { revenueByStatus?: Partial<Record<LeadStatus, number>> };

/** GET /api/admin/activities/summary */
export interface ActivitySummary {
  total: number;
  byType: Partial<Record<ActivityType, number>>;
  byStatus: Partial<Record<ActivityStatus, number>>;
}
