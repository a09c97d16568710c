import { z } from 'zod';
import { dateTimeSchema } from './date-range.ts';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityStatus,
  type ActivityType,
  CALL_OUTCOMES,
  type CallOutcome,
  CLOSED_LEAD_STATUSES,
  CONTACT_ACTIVITY_TYPES,
} from './enums.ts';
import { leadStatusSchema } from './leads.ts';
import { LOST_REASON_ONLY_WHEN_LOST, lostReasonFields, MISSING_OTHER_NOTE, OTHER_LOST_REASON } from './lost-reasons.ts';
import { VALIDATION } from './messages.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** How a call went, as staff read it. */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  reached: 'Reached',
  voicemail: 'Left a voicemail',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
};

const callOutcomeSchema = z.enum(CALL_OUTCOMES, {
  error: (issue) =>
    issue.input === undefined ? 'Outcome is required' : `Outcome must be one of: ${CALL_OUTCOMES.join(', ')}`,
});

export const OUTCOME_ONLY_FOR_CALLS = 'An outcome goes only with a call';

/** New Activity (docs/requirements.md#validation). `title` is stored as the activity's subject. */
export const activityCreateSchema = z
  .object({
    leadId: z.uuid({ error: VALIDATION.leadId }),
    type: z.enum(ACTIVITY_TYPES, { error: `Type must be one of: ${ACTIVITY_TYPES.join(', ')}` }),
    title: z
      .string({ error: VALIDATION.title })
      .trim()
      .min(1, VALIDATION.title)
      .max(200, 'Title must be at most 200 characters'),
    description: z.preprocess(
      blankToUndefined,
      z.string().trim().max(5000, 'Description must be at most 5000 characters').optional(),
    ),
    /** Without one: defaultActivityStatus (a call, e-mail or meeting logged now is completed). */
    status: z.enum(ACTIVITY_STATUSES, { error: `Status must be one of: ${ACTIVITY_STATUSES.join(', ')}` }).optional(),
    scheduledAt: z.preprocess(blankToUndefined, dateTimeSchema('Scheduled time').optional()),
    /** Calls only (a call logged with POST /api/admin/leads/{id}/calls always has one). */
    outcome: callOutcomeSchema.optional(),
  })
  .refine((activity) => activity.outcome === undefined || activity.type === 'call', {
    path: ['outcome'],
    error: OUTCOME_ONLY_FOR_CALLS,
  });
export type ActivityCreate = z.output<typeof activityCreateSchema>;
export type ActivityCreateInput = z.input<typeof activityCreateSchema>;

/**
 * PATCH /api/admin/activities/{id}: a task done (or cancelled, or open again), or moved to another due
 * time (My Day's snooze). At least one of the two.
 */
export const activityUpdateSchema = z
  .object({
    status: z.enum(ACTIVITY_STATUSES, { error: `Status must be one of: ${ACTIVITY_STATUSES.join(', ')}` }).optional(),
    scheduledAt: dateTimeSchema('Scheduled time').nullable().optional(),
  })
  .refine((update) => update.status !== undefined || update.scheduledAt !== undefined, {
    error: 'Nothing to update',
  });
export type ActivityUpdate = z.output<typeof activityUpdateSchema>;

/** How many activities a page of GET /api/admin/activities holds. */
export const ACTIVITY_PAGE_SIZE = 25;

/**
 * GET /api/admin/activities?status=pending&page=: every lead's activities of one status (pending by
 * default: what the dashboard's Pending Tasks card counts, every type), earliest due first.
 */
export const activityListQuerySchema = z.object({
  status: z
    .enum(ACTIVITY_STATUSES, { error: `Status must be one of: ${ACTIVITY_STATUSES.join(', ')}` })
    .default('pending'),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000, 'Page must be at most 1000000')
    .default(1),
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

/**
 * The status an activity gets when nobody chose one (the API) and that the New Activity form starts
 * from: a call, e-mail or meeting logged without a time, or at a time already past, was made, so it is
 * completed (a pending one would be an open task for something already done); one scheduled for
 * later is pending, as are notes and tasks.
 */
export function defaultActivityStatus(
  type: ActivityType,
  scheduledAt: string | Date | null | undefined,
  now: Date,
): ActivityStatus {
  if (!CONTACT_ACTIVITY_TYPES.includes(type)) return 'pending';
  const at = scheduledAt ? new Date(scheduledAt).getTime() : Number.NaN;
  return Number.isFinite(at) && at > now.getTime() ? 'pending' : 'completed';
}

export const FOLLOW_UP_ON_CLOSED_LEAD = 'A won or lost lead has no follow-up: leave the follow-up empty';

/**
 * POST /api/admin/leads/{id}/calls: a call made now, how it went, a note (and a title), and in the same step the
 * lead's next follow-up (a time, null to clear it, absent to leave it) and its status (with Lost, the
 * reason as PATCH /api/admin/leads/{id}/status takes it). A follow-up cannot go with Won or Lost.
 */
export const callLogSchema = z
  .object({
    outcome: callOutcomeSchema,
    /** The timeline's title; without one, callSubject's ("Called, no answer"). */
    title: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200, 'Title must be at most 200 characters').optional(),
    ),
    note: z.preprocess(
      blankToUndefined,
      z.string().trim().max(5000, 'Note must be at most 5000 characters').optional(),
    ),
    nextFollowUpAt: dateTimeSchema('Next follow-up').nullable().optional(),
    status: leadStatusSchema.optional(),
    ...lostReasonFields,
  })
  .refine((log) => log.status === 'Lost' || (log.lostReason === undefined && log.lostNote === undefined), {
    path: ['lostReason'],
    error: LOST_REASON_ONLY_WHEN_LOST,
  })
  .refine((log) => log.lostReason !== OTHER_LOST_REASON || (log.lostNote ?? '') !== '', {
    path: ['lostNote'],
    error: MISSING_OTHER_NOTE,
  })
  .refine((log) => !(log.status && CLOSED_LEAD_STATUSES.includes(log.status) && log.nextFollowUpAt), {
    path: ['nextFollowUpAt'],
    error: FOLLOW_UP_ON_CLOSED_LEAD,
  });
export type CallLog = z.output<typeof callLogSchema>;
export type CallLogInput = z.input<typeof callLogSchema>;

const CALL_SUBJECTS: Record<CallOutcome, string> = {
  reached: 'Spoke with the customer',
  voicemail: 'Called, left a voicemail',
  no_answer: 'Called, no answer',
  wrong_number: 'Called a wrong number',
};

/** The timeline's title of a call logged with its outcome and no title of its own. */
export function callSubject(outcome: CallOutcome): string {
  return CALL_SUBJECTS[outcome];
}
