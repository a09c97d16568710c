// Answers of GET /api/admin/my-day.
import { z } from 'zod';
import { CONVERSATION_CHANNELS } from '../conversations.ts';
import { MY_DAY_SECTION_KEYS, type MyDaySectionKey } from '../my-day.ts';
import { serviceAddressSchema } from '../service-address.ts';
import { countSchema, idSchema, instantSchema } from './common.ts';

const zonedInstantSchema = z.iso.datetime({ offset: true });
import { personSchema } from './team.ts';

const lead = {
  leadId: idSchema,
  leadName: z.string(),
  /** Who holds the lead (shown when the list is everyone's). */
  assignee: personSchema.nullable(),
};

export const myDayItemSchema = z.discriminatedUnion('kind', [
  /**
   * A missed call not called back yet (docs/requirements.md#missed-calls): the lead whose phone it was,
   * or none for a stranger; `due` is when the speed-to-lead target passes, counted from the call.
   */
  z.strictObject({
    kind: z.literal('call_back'),
    leadId: idSchema.nullable(),
    leadName: z.string().nullable(),
    assignee: personSchema.nullable(),
    due: instantSchema,
    callId: idSchema,
    at: instantSchema,
    phone: z.string(),
    voicemail: z.boolean(),
  }),
  /** Assigned and not contacted yet: `due` is when the speed-to-lead target passes. */
  z.strictObject({
    kind: z.literal('new_lead'),
    ...lead,
    due: instantSchema.optional(),
    createdAt: instantSchema,
    phone: z.string(),
    email: z.string(),
  }),
  /** Unread replies of the customer: `due` is the latest one's time. */
  z.strictObject({
    kind: z.literal('reply'),
    ...lead,
    due: instantSchema,
    text: z.string(),
    channel: z.enum(CONVERSATION_CHANNELS),
    unread: countSchema,
  }),
  /** The lead's follow-up time, today or past (`overdue`). */
  z.strictObject({
    kind: z.literal('follow_up'),
    ...lead,
    due: instantSchema,
    overdue: z.boolean(),
    phone: z.string(),
    email: z.string(),
  }),
  /** A pending task due by the end of today (or with no due time). */
  z.strictObject({
    kind: z.literal('task'),
    ...lead,
    due: instantSchema.optional(),
    activityId: idSchema,
    text: z.string(),
  }),
  /** A quote sent and not answered after QUOTE_ANSWER_WAIT_DAYS: `due` is when that passed. */
  z.strictObject({
    kind: z.literal('quote'),
    ...lead,
    due: instantSchema,
    quoteId: idSchema,
    version: z.number().int().min(1),
    phone: z.string(),
  }),
  /**
   * An invoice whose card charge did not go through (declined, or the bank asks the customer to
   * confirm) and is still owed: `due` is when the charge failed; `nextTry` when the card is tried again.
   */
  z.strictObject({
    kind: z.literal('payment'),
    ...lead,
    due: instantSchema,
    invoiceId: idSchema,
    number: z.string(),
    balance: z.string(),
    reason: z.enum(['declined', 'authentication_required']),
    nextTry: instantSchema.nullable(),
    phone: z.string(),
  }),
  /**
   * A visit scheduled today (business time zone): `due` is when its arrival window starts, `start`,
   * `arrivalEnd` and `end` carry the business's offset as the Schedule's do.
   */
  z.strictObject({
    kind: z.literal('visit'),
    ...lead,
    due: instantSchema,
    visitId: idSchema,
    start: zonedInstantSchema,
    arrivalEnd: zonedInstantSchema,
    end: zonedInstantSchema,
    /** The crew's number and its name in Settings → Scheduling. */
    crew: z.number().int().min(1),
    crewName: z.string(),
    phone: z.string(),
    /** The lead's ZIP code, from its quote request. */
    zipcode: z.string(),
    /** Where the crew cleans, or null when nobody has given it yet. */
    address: serviceAddressSchema.nullable(),
  }),
]);
export type MyDayItem = z.output<typeof myDayItemSchema>;

export const myDaySectionSchema = z.strictObject({
  key: z.enum(MY_DAY_SECTION_KEYS),
  title: z.string(),
  items: z.array(myDayItemSchema),
});
export type MyDaySection = z.output<typeof myDaySectionSchema>;

export const myDaySchema = z.strictObject({
  scope: z.enum(['me', 'all']),
  /** Every section, in order, empty ones included. */
  sections: z.array(myDaySectionSchema),
  /**
   * Items per section, and `total`: the sidebar's badge. A visit counts towards `total` only once its
   * arrival window has begun (docs/decisions.md, "My Day: visits today").
   */
  counts: z.strictObject({
    total: countSchema,
    ...(Object.fromEntries(MY_DAY_SECTION_KEYS.map((key) => [key, countSchema])) as Record<
      MyDaySectionKey,
      typeof countSchema
    >),
  }),
});
export type MyDay = z.output<typeof myDaySchema>;

/**
 * When the next visit the day lists begins (and so starts to count in `counts.total`), in ms since
 * the epoch; undefined when none is still to begin. The sidebar's count and My Day ask again then.
 */
export function nextVisitStartOf(day: Pick<MyDay, 'sections'>, now: number): number | undefined {
  const starts = day.sections
    .flatMap((section) => section.items)
    .flatMap((item) => (item.kind === 'visit' ? [Date.parse(item.start)] : []))
    .filter((start) => start > now);
  return starts.length > 0 ? Math.min(...starts) : undefined;
}

/**
 * GET /api/admin/counts: what the CRM's sidebar and bell show beside their names, in one read sent
 * after the screen's own data (docs/performance.md, "The shell's counts in one read").
 */
export const shellCountsSchema = z.strictObject({
  /** My Day's `counts.total`. */
  myDay: countSchema,
  /** When a visit listed today begins and so starts to count in `myDay` (null: none is still to begin). */
  myDayChangesAt: instantSchema.nullable(),
  /** Leads with replies the person has not read (the Inbox's `total`). */
  inbox: countSchema,
  /** E-mails held as unmatched. */
  unmatchedEmails: countSchema,
  /** Held submissions waiting for review. */
  held: countSchema,
  /** The person's unread notifications (the bell's `unread`). */
  notifications: countSchema,
});
export type ShellCounts = z.output<typeof shellCountsSchema>;
