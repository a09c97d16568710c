// The dashboard's numbers: /api/admin/stats, /metrics and /intake (definitions in api/README.md).
import { z } from 'zod';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '../enums.ts';
import { REJECTION_RULES, SPAM_RULES } from '../intake.ts';
import { countSchema } from './common.ts';
import { personSchema } from './team.ts';

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
  /** Visits scheduled or completed this business week (Monday to Sunday in the business time zone). */
  visitsThisWeek: countSchema,
  /** Active recurring bookings: per-visit price × visits a year, summed (docs/decisions.md, "Recurring revenue"). */
  bookedRecurringRevenue: z.string().regex(/^\d+\.\d{2}$/),
  /** Payments received this business month (cash, checks, cards; a returned check no longer counts). */
  collectedThisMonth: z.string().regex(/^\d+\.\d{2}$/),
  /** What is owed on invoices not yet paid (open and past due). */
  outstanding: z.string().regex(/^\d+\.\d{2}$/),
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

/** A sum of money as an exact decimal string with two places ("1234.50"), never a float. */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

const weekSchema = z.iso.date().meta({ description: 'The Monday the week starts on (business time zone).' });

/**
 * GET /api/admin/reports/analytics?from=&to=: the leads created in the range (business dates, both
 * included), by week, source, month and status (definitions in api/README.md, "Analytics").
 */
/** Closed leads of a group: the win rate is null when none is closed. */
const winRateSchema = z.strictObject({ won: countSchema, lost: countSchema, winRate: z.number().nullable() });

export const analyticsReportSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  total: countSchema,
  /** Every source of a lead in the range, most leads first. */
  sources: z.array(z.string()),
  /** Every week that overlaps the range, oldest first, zeros included. */
  leadsPerWeek: z.array(
    z.strictObject({ week: weekSchema, total: countSchema, bySource: z.record(z.string(), countSchema) }),
  ),
  /** Per source (in `sources` order): Won ÷ leads × 100, 1 decimal. */
  conversionBySource: z.array(
    z.strictObject({ source: z.string(), leads: countSchema, won: countSchema, conversionRate: z.number() }),
  ),
  /** Every month that overlaps the range: the leads that arrived in it and are Won, and their value. */
  wonRevenueByMonth: z.array(
    z.strictObject({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      won: countSchema,
      /** One-time revenue: each Won lead's value (a recurring lead's one visit). */
      value: moneySchema,
      /** Recurring revenue a year of the Won recurring leads (docs/decisions.md, "Recurring revenue"). */
      recurringValue: moneySchema,
    }),
  ),
  /** Every week: median business minutes to first contact (1 decimal) of the week's contacted leads. */
  speedToLeadByWeek: z.array(
    z.strictObject({ week: weekSchema, medianMinutes: z.number().nullable(), contacted: countSchema }),
  ),
  /** Leads of the range in each status now, in pipeline order. */
  funnel: z.array(z.strictObject({ status: z.enum(LEAD_STATUSES), count: countSchema })),
  /** The Lost leads of the range by the reason given, most first; `reason` null: none was given. */
  lossReasons: z.array(z.strictObject({ reason: z.string().nullable(), count: countSchema })),
  /** Per source, most closed first: Won ÷ (Won + Lost) × 100, 1 decimal. */
  winRateBySource: z.array(winRateSchema.extend({ source: z.string() })),
  /** Per person the leads are assigned to (null: nobody), most closed first. */
  winRateByPerson: z.array(winRateSchema.extend({ person: personSchema.nullable() })),
});
export type AnalyticsReport = z.output<typeof analyticsReportSchema>;
