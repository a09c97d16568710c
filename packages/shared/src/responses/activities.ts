// Answers of /api/admin/activities.
import { z } from 'zod';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, CALL_OUTCOMES } from '../enums.ts';
import { countSchema, idSchema, instantSchema, pageOf } from './common.ts';
import { leadSchema } from './leads.ts';
import { personSchema } from './team.ts';

export const activitySchema = z.strictObject({
  id: idSchema,
  leadId: idSchema,
  userId: idSchema,
  /** Who logged it ("Shine (automatic)" for the product's own entries). */
  author: personSchema,
  type: z.enum(ACTIVITY_TYPES),
  subject: z.string(),
  description: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  /** How a call went; null for other types and for calls logged without one. */
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** A task's due time; a call or meeting's planned time. */
  scheduledAt: instantSchema.nullable(),
  completedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type Activity = z.output<typeof activitySchema>;

/**
 * GET /api/admin/activities/summary: the activities people logged (every type and status present, zero
 * included), and apart from them how many the product wrote by itself (alerts, automations, filed messages).
 */
export const activitySummarySchema = z.strictObject({
  total: countSchema,
  byType: z.record(z.enum(ACTIVITY_TYPES), countSchema),
  byStatus: z.record(z.enum(ACTIVITY_STATUSES), countSchema),
  /** Timeline entries of the system user ("Shine (automatic)"), counted in none of the above. */
  automatic: countSchema,
});
export type ActivitySummary = z.output<typeof activitySummarySchema>;

/** GET /api/admin/activities?status=: a page of every lead's activities of that status, each with its lead's name. */
export const activityListSchema = pageOf(activitySchema.extend({ leadName: z.string() }));
export type ActivityList = z.output<typeof activityListSchema>;
export type ListedActivity = ActivityList['items'][number];

/** POST /api/admin/leads/{id}/calls: the call as logged, and the lead after it (follow-up, status). */
export const callLoggedSchema = z.strictObject({ activity: activitySchema, lead: leadSchema });
export type CallLogged = z.output<typeof callLoggedSchema>;
