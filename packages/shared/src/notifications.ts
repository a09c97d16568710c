// A person's notifications (docs/decisions.md, "Notifications"): what happened on a lead that waits
// for them, kept until read or acted on. GET /api/admin/notifications lists them; POST …/read marks
// some, or all, read; each new one arrives on the live stream (`notification.created`).
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  /** A new lead: to the person on duty, and to its assignee. */
  'new_lead',
  /** A lead given to the person (by a colleague or by round robin). */
  'lead_assigned',
  'repeat_request',
  'customer_reply',
  'quote_viewed',
  'quote_accepted',
  'quote_declined',
  /** A visit booked: by the customer on the quote page, or by a colleague (or put back on the schedule). */
  'visit_booked',
  /** A visit moved: the customer rescheduled on the quote page, or a colleague moved it in the Schedule. */
  'visit_rescheduled',
  /** A visit cancelled: the customer's booking on the quote page, or one visit by a colleague. */
  'visit_cancelled',
  /**
   * A quote request held for review (a spam rule caught it): to the person on duty, in the bell only.
   * No lead: it opens the Held section. One unread at a time, rewritten with how many wait.
   */
  'request_held',
  /**
   * A call to the company number nobody answered: to the lead's assignee (nobody holds it, or a
   * stranger called: the person on duty). A stranger's has no lead: it opens the Calls list.
   */
  'missed_call',
  /**
   * The card on file was declined, or the bank wants the customer to confirm: to the lead's assignee
   * (nobody holds it: the person on duty), to chase the payment.
   */
  'payment_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications one read call may name. */
export const NOTIFICATIONS_READ_MAX = 200;
/** The newest notifications a list holds; `unread` counts them all. */
export const NOTIFICATIONS_LIST_LIMIT = 50;

/** POST /api/admin/notifications/read: `{ ids }` (the person's own; others are ignored) or `{ all: true }`. */
export const notificationsReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.uuid({ error: 'Each id must be a notification id' }), { error: 'Ids must be a list' })
        .min(1, 'Name at least one notification')
        .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} at a time`),
    }),
    z.strictObject({ all: z.literal(true, { error: 'All must be true' }) }),
  ],
  { error: 'Send { ids: [...] } or { all: true }' },
);
export type NotificationsRead = z.output<typeof notificationsReadSchema>;
