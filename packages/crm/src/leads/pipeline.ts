import type { LeadStatus } from '@shine/shared/enums';
import type { Lead } from '@shine/shared/types';

/** The drag data type of a lead card; its value is the lead as JSON. */
export const LEAD_DRAG_TYPE = 'application/x-shine-lead';

/** A card dropped on another column whose status change is still in flight. */
export interface PendingMove {
  lead: Lead;
  to: LeadStatus;
}
