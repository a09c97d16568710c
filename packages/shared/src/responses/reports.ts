// The dashboard's numbers: /api/admin/stats, /metrics and /intake (definitions in api/README.md).
import { z } from 'zod';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '../enums.ts';
import { REJECTION_RULES, SPAM_RULES } from '../intake.ts';
import { countSchema } from './common.ts';

/** GET /api/admin/stats: leads by status, priority and source, and the value of the open pipeline. */
export const statsReportSchema = z.strictObject({
  total: countSchema,
  byStatus: z.record(z.enum(LEAD_STATUSES), countSchema),
  byPriority: z.record(z.enum(LEAD_PRIORITIES), countSchema),
  /** Every source that occurs, most leads first; Website Form is listed even at zero. */
  bySource: z.record(z.string(), countSchema),
  potentialRevenue: z.number(),
  /** The estimated value of the leads in each status (the CRM's Revenue Pipeline). */
  revenueByStatus: z.record(z.enum(LEAD_STATUSES), z.number()),
});
export type StatsReport = z.output<typeof statsReportSchema>;

/** GET /api/admin/metrics: the dashboard's cards. */
export const metricsSchema = z.strictObject({
  /** Leads created today (business date): new people. */
  leadsToday: countSchema,
  /** Quote requests received today (business date), first and repeat: what arrived. */
  requestsToday: countSchema,
  conversionRate: z.number(),
  averageDealValue: z.number(),
  pendingTasks: countSchema,
  overdueFollowUps: countSchema,
  /** Pending tasks past their due time, e.g. an automation's follow-up reminder. */
  overdueTasks: countSchema,
});
export type Metrics = z.output<typeof metricsSchema>;

/** Median business minutes to first staff activity of leads created in the window. */
export const speedToLeadGroupSchema = z.strictObject({
  source: z.string(),
  medianMinutes: z.number().nullable(),
  /** Leads created in the window that have been contacted (what the median is over). */
  contacted: countSchema,
});
export type SpeedToLeadGroup = z.output<typeof speedToLeadGroupSchema>;

/** GET /api/admin/intake: speed-to-lead, leads waiting for contact, rejected and held submissions. */
export const intakeReportSchema = z.strictObject({
  windowDays: z.number().int().min(1),
  speedToLead: speedToLeadGroupSchema.extend({ bySource: z.array(speedToLeadGroupSchema) }),
  /** Open leads past their contact due time without a staff activity. */
  awaitingContact: countSchema,
  /** Submissions caught by each rule in the window (held for review, or refused by the rate limit). */
  rejections: z.strictObject({ total: countSchema, byRule: z.record(z.enum(REJECTION_RULES), countSchema) }),
  /** Held submissions waiting for review now, by rule. */
  held: z.strictObject({ waiting: countSchema, byRule: z.record(z.enum(SPAM_RULES), countSchema) }),
});
export type IntakeReport = z.output<typeof intakeReportSchema>;
