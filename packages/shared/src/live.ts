// The live stream's events (GET /api/admin/events, Server-Sent Events): what changed, by id, never a
// whole record, so a client refetches what its user may see. The SSE `event:` field is the type; the
// `data:` field is the JSON below; the `id:` field is the event's id for Last-Event-ID resumption.
import { z } from 'zod';

const id = z.uuid();

/** The lead fields a `lead.updated` event may name. */
export const LIVE_LEAD_FIELDS = [
  'status',
  'assignedTo',
  'priority',
  'estimatedValue',
  'nextFollowUpAt',
  'tags',
  'notes',
  'contact',
  'requests',
  'consent',
] as const;
export type LiveLeadField = (typeof LIVE_LEAD_FIELDS)[number];

export const liveEventSchema = z.discriminatedUnion('type', [
  /** A new lead (a repeat request merged into an existing lead is a `lead.updated` of `requests`). */
  z.strictObject({ type: z.literal('lead.created'), leadId: id }),
  z.strictObject({ type: z.literal('lead.updated'), leadId: id, changes: z.array(z.enum(LIVE_LEAD_FIELDS)).min(1) }),
  z.strictObject({ type: z.literal('activity.created'), leadId: id, activityId: id }),
  /** An activity done, cancelled or moved (a task of My Day). */
  z.strictObject({ type: z.literal('activity.updated'), leadId: id, activityId: id }),
  /** A customer accepted a quote: the lead's assignee is alerted. */
  z.strictObject({ type: z.literal('quote.accepted'), leadId: id, quoteId: id }),
  /** A lead's booking or visits changed (booked, moved, closed, cancelled): the Schedule and the lead's drawer refresh. */
  z.strictObject({ type: z.literal('visits.changed'), leadId: id }),
  /** A message in a lead's conversation: a customer's reply, or a message staff sent by hand. */
  z.strictObject({ type: z.literal('message.created'), leadId: id, messageId: id }),
  /** A quote held for review (see the held submissions). */
  z.strictObject({ type: z.literal('held.created'), heldId: id }),
  /** A call to the company number came in or changed (missed, answered, a voicemail, called back). */
  z.strictObject({ type: z.literal('call.changed'), callId: id }),
  /** A person added to the team: every open screen's list of people (names, pickers) refreshes. */
  z.strictObject({ type: z.literal('user.created'), userId: id }),
  /** A person's name, role, phone, availability or account (disabled, enabled) changed. */
  z.strictObject({ type: z.literal('user.changed'), userId: id }),
  /** A notification for `userId` (only that person's streams carry it). */
  z.strictObject({
    type: z.literal('notification.created'),
    userId: id,
    notificationId: id,
    leadId: id.nullable(),
  }),
]);
export type LiveEvent = z.output<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/** Whether a stream of `userId` carries `event`: a notification goes to its person alone. */
export function isLiveEventFor(event: LiveEvent, userId: string): boolean {
  return event.type !== 'notification.created' || event.userId === userId;
}

/**
 * Events that are not changes: `ready` once the stream listens (data: `{ resumed }`, whether the
 * Last-Event-ID was found), `resync` when changes may have been missed (the client refetches what it
 * shows), `heartbeat` every LIVE_HEARTBEAT_MS so a client can tell a quiet stream from a dead one.
 */
export const LIVE_CONTROL_EVENTS = ['ready', 'resync', 'heartbeat'] as const;

export const LIVE_HEARTBEAT_MS = 15_000;
/** What EventSource waits before reconnecting (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 2_000;
