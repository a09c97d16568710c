// My Day (docs/decisions.md, "My Day"): what a salesperson has to do now, in the order it should be
// done. GET /api/admin/my-day?scope=me|all; "all" (everyone's) is for admins.
import { z } from 'zod';

export const MY_DAY_SCOPES = ['me', 'all'] as const;
export type MyDayScope = (typeof MY_DAY_SCOPES)[number];

export const myDayQuerySchema = z.object({
  scope: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(MY_DAY_SCOPES, { error: 'Scope must be me or all' }).default('me'),
  ),
});
export type MyDayQuery = z.output<typeof myDayQuerySchema>;

/** The sections, in the order the day is worked. */
export const MY_DAY_SECTION_KEYS = [
  'callBacks',
  'newLeads',
  'replies',
  'followUps',
  'tasks',
  'quotes',
  'payments',
  'visits',
] as const;
export type MyDaySectionKey = (typeof MY_DAY_SECTION_KEYS)[number];

export const MY_DAY_SECTION_TITLES: Record<MyDaySectionKey, string> = {
  callBacks: 'Call back',
  newLeads: 'New leads to contact',
  replies: 'Customer replies waiting',
  followUps: 'Follow-ups due today and overdue',
  tasks: 'Tasks due',
  quotes: 'Quotes sent, no answer yet',
  payments: 'Payments to chase',
  visits: 'Visits today',
};

/** A sent quote waits this long for an answer before it is followed up. */
export const QUOTE_ANSWER_WAIT_DAYS = 2;
/** The most items one section lists (its count says how many there are). */
export const MY_DAY_SECTION_LIMIT = 50;
