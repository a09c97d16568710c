// The outbox of lead events (table lead_events): the seam between the leads (and quotes) features and
// the automation engine. A new lead, a repeat request kept on an open lead, a staff status change and
// a customer's step on a quote write their event in the change's own transaction
// (withLeadEventOutbox); after the commit, every listener of that database hears of it
// (listenToLeadEvents, wired by server.ts to the engine). Telling a listener never throws and never
// waits, so a request is not slowed by the rules; an event whose telling is lost (the process stopped
// after the commit) is still in the outbox, and the engine's scan takes it up.
import type { LeadStatus, PaymentEventTrigger, QuoteEventTrigger, VisitEventTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { LeadEventRow, ReactionEventTrigger } from '../db/automation-tables.ts';
import { publishLiveEvent } from '../live/index.ts';
import {
  findLeadEventRow,
  insertLeadEvent,
  type LeadEventCondition,
  listLeadEventRowsWithout,
  listUnhandledLeadEventRows,
  listUnhandledRepeatRequestRows,
  markLeadEventHandled as markRowHandled,
  markLeadEventsHandledUnless as markRowsHandledUnless,
} from './lead-events.queries.ts';

export type { LeadEventCondition } from './lead-events.queries.ts';

/**
 * Events that exist for the reactions that tell the customer (api/src/reactions/), not for rules.
 * invoice_created is not among them: the reactions send its pay link and rules may listen to it too,
 * as visit_booked.
 */
export const REACTION_EVENT_TRIGGERS = [
  'quote_sent',
  'booking_changed',
  'visits_cancelled',
  'payment_recorded',
  'account_link_requested',
] as const;

export function isReactionEventTrigger(trigger: string): trigger is ReactionEventTrigger {
  return (REACTION_EVENT_TRIGGERS as readonly string[]).includes(trigger);
}

/** A committed event, as listeners hear of it (the row holds the rest). */
export interface LeadEvent {
  id: string;
  leadId: string;
  trigger: LeadEventRow['trigger'];
}

/** Called after the commit; must not throw (the change is done, and its answer is on its way). */
export type LeadEventListener = (event: LeadEvent) => void;

/** A visit as a calendar event, kept in an event's payload (its times as ISO strings). */
export interface EventVisit {
  calendar_uid: string;
  calendar_sequence: number;
  starts_at: string;
  ends_at: string;
  arrival_ends_at: string;
  status: string;
}

/** Who made a change: a person (staff) or the customer by their link (no actor). */
interface ChangeOrigin {
  /** The staff member; absent when the customer did it from their link. */
  actorId?: string;
  /** The customer's quote page, for the message's "change it here" link. */
  link?: string;
}

/** visit_booked: the booking the customer is e-mailed (every visit still to come). */
export interface VisitBookedPayload extends ChangeOrigin {
  bookingId: string;
}

/** booking_changed: the customer rescheduled, or staff moved or put back a visit. */
export interface BookingChangedPayload extends ChangeOrigin {
  bookingId: string;
  change: 'rescheduled' | 'moved' | 'restored';
  /** A reschedule's calendar events that no visit took over. */
  withdrawn: EventVisit[];
}

/** visits_cancelled: the visits cancelled, by whom, the whole booking or not. */
export interface VisitsCancelledPayload extends ChangeOrigin {
  visits: EventVisit[];
  by: 'customer' | 'staff';
  whole: boolean;
  /** One visit of a series skipped (the rest unchanged), not cancelled. */
  skipped?: boolean;
}

/** quote_sent: staff sent a version; `email` when it is to be e-mailed (otherwise staff copy the link). */
export interface QuoteSentPayload {
  quoteId: string;
  actorId: string;
  email: boolean;
  /** The customer's page. */
  url: string;
}

/** invoice_created: a completed visit's invoice; `token` is its pay link's (stored nowhere else in clear). */
export interface InvoiceCreatedPayload {
  invoiceId: string;
  token: string;
  actorId?: string;
  /** The card on file is charged for it: the receipt tells the customer, not the invoice e-mail. */
  cardCharge?: boolean;
  /** The card on file was declined, or the bank asks the customer to confirm: the e-mail says so. */
  cardFailure?: 'declined' | 'authentication_required';
  /** When the card is tried again (ISO), after a soft decline. */
  retryAt?: string;
}

/** payment_recorded: a payment the customer is sent a receipt for. */
export interface PaymentRecordedPayload {
  paymentId: string;
  actorId?: string;
}

/** payment_succeeded / payment_failed: for the automation rules (the receipt is payment_recorded's). */
export interface PaymentEventPayload {
  paymentId: string;
  invoiceId: string;
}

/**
 * account_link_requested: a customer asked for a sign-in link to their account. `url` holds the link's
 * token, stored nowhere else in clear; it works once, for 30 minutes.
 */
export interface AccountLinkRequestedPayload {
  url: string;
  /** The address asked for (the lead's, lower case). */
  email: string;
}

/** Where a change inside withLeadEventOutbox writes its events. */
export interface LeadEventOutbox {
  /** A new lead row (not a repeat request merged into an existing lead). */
  leadCreated: (leadId: string) => Promise<void>;
  /** A change of a lead's status by staff: the row holds from and to. */
  statusChanged: (leadId: string, from: LeadStatus, to: LeadStatus) => Promise<void>;
  /** The customer opened a sent quote for the first time, accepted or declined it (quotes feature). */
  quoteEvent: (leadId: string, trigger: QuoteEventTrigger) => Promise<void>;
  /** A cleaning was booked (with what its confirmation needs), or a visit completed (scheduling feature). */
  visitEvent: (leadId: string, trigger: VisitEventTrigger, payload?: VisitBookedPayload) => Promise<void>;
  /** A booking's visits moved or came back (scheduling feature). */
  bookingChanged: (leadId: string, payload: BookingChangedPayload) => Promise<void>;
  /** Visits were cancelled (scheduling feature). */
  visitsCancelled: (leadId: string, payload: VisitsCancelledPayload) => Promise<void>;
  /** Staff sent a quote version (quotes feature). */
  quoteSent: (leadId: string, payload: QuoteSentPayload) => Promise<void>;
  /** A true repeat request (`requestId`) of the same person was kept on the open lead. */
  repeatRequest: (leadId: string, requestId: string) => Promise<void>;
  /** A visit's invoice was made (payments feature). */
  invoiceCreated: (leadId: string, payload: InvoiceCreatedPayload) => Promise<void>;
  /** A payment was recorded (payments feature). */
  paymentRecorded: (leadId: string, payload: PaymentRecordedPayload) => Promise<void>;
  /** Money came in for an invoice, or a card charge failed (payments feature): the rules' triggers. */
  paymentEvent: (leadId: string, trigger: PaymentEventTrigger, payload: PaymentEventPayload) => Promise<void>;
  /** A customer asked for a sign-in link to their account (account feature). */
  accountLinkRequested: (leadId: string, payload: AccountLinkRequestedPayload) => Promise<void>;
}

// By database handle: an app and its engine share one; a test's second pool (a second process) does not.
const listenersOf = new WeakMap<Knex, Set<LeadEventListener>>();

/** Tells `listener` of every event committed through `db` from now on; answers the way to stop. */
export function listenToLeadEvents(db: Knex, listener: LeadEventListener): () => void {
  const listeners = listenersOf.get(db) ?? new Set<LeadEventListener>();
  listenersOf.set(db, listeners);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Runs `work` in a transaction whose lead events go to the outbox with it; once it commits, the
 * listeners of `db` hear of them. `db` is the database itself, not a transaction: only the outermost
 * commit makes an event real.
 */
export async function withLeadEventOutbox<T>(
  db: Knex,
  work: (trx: Knex.Transaction, outbox: LeadEventOutbox) => Promise<T>,
): Promise<T> {
  if ((db as unknown as Partial<Knex.Transaction>).isTransaction) {
    throw new Error('withLeadEventOutbox needs the database, not a transaction: events are told after the commit');
  }
  const written: LeadEvent[] = [];
  const result = await db.transaction(async (trx) => {
    const outbox: LeadEventOutbox = {
      leadCreated: async (leadId) => {
        const id = await insertLeadEvent(trx, { lead_id: leadId, trigger: 'lead_created' });
        await publishLiveEvent(trx, { type: 'lead.created', leadId });
        written.push({ id, leadId, trigger: 'lead_created' });
      },
      statusChanged: async (leadId, from, to) => {
        const trigger = 'status_changed';
        const id = await insertLeadEvent(trx, { lead_id: leadId, trigger, from_status: from, to_status: to });
        written.push({ id, leadId, trigger });
      },
      quoteEvent: async (leadId, trigger) => {
        const id = await insertLeadEvent(trx, { lead_id: leadId, trigger });
        written.push({ id, leadId, trigger });
      },
      visitEvent: async (leadId, trigger, payload) => {
        const id = await insertLeadEvent(trx, { lead_id: leadId, trigger, payload });
        written.push({ id, leadId, trigger });
      },
      bookingChanged: async (leadId, payload) => {
        const trigger = 'booking_changed';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      visitsCancelled: async (leadId, payload) => {
        if (payload.visits.length === 0) return;
        const trigger = 'visits_cancelled';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      quoteSent: async (leadId, payload) => {
        const trigger = 'quote_sent';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      repeatRequest: async (leadId, requestId) => {
        const trigger = 'repeat_request';
        const id = await insertLeadEvent(trx, { lead_id: leadId, trigger, request_id: requestId });
        written.push({ id, leadId, trigger });
      },
      invoiceCreated: async (leadId, payload) => {
        const trigger = 'invoice_created';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      paymentRecorded: async (leadId, payload) => {
        const trigger = 'payment_recorded';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      paymentEvent: async (leadId, trigger, payload) => {
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
      accountLinkRequested: async (leadId, payload) => {
        const trigger = 'account_link_requested';
        written.push({ id: await insertLeadEvent(trx, { lead_id: leadId, trigger, payload }), leadId, trigger });
      },
    };
    return work(trx, outbox);
  });
  for (const event of written) for (const listener of listenersOf.get(db) ?? []) listener(event);
  return result;
}

export function findLeadEvent(db: Knex, id: string): Promise<LeadEventRow | undefined> {
  return findLeadEventRow(db, id);
}

export function markLeadEventHandled(db: Knex, id: string): Promise<void> {
  return markRowHandled(db, id);
}

/** Events nobody has handled that happened after `since` and meet `condition`, oldest first. */
export function listUnhandledLeadEvents(
  db: Knex,
  since: Date,
  limit: number,
  condition: LeadEventCondition,
): Promise<LeadEventRow[]> {
  return listUnhandledLeadEventRows(db, since, limit, condition);
}

/**
 * Events of `triggers` in [since, before) for which `handled(eventIdColumn)` finds no row (the
 * reactions' deliveries), oldest first: what a lost report after a commit left undone.
 */
export function listLeadEventsWithout(
  db: Knex,
  window: { triggers: readonly string[]; since: Date; before: Date; limit: number },
  handled: (eventIdColumn: string) => Knex.QueryBuilder,
): Promise<LeadEventRow[]> {
  return listLeadEventRowsWithout(db, window, handled);
}

/**
 * A column of the event `eventIdColumn` names, as a scalar subquery for another feature's statement
 * (the reactions order the deliveries they fold by when their events happened).
 */
export function leadEventColumnSql(eventIdColumn: string, column: 'payload' | 'occurred_at'): string {
  return `(select ev.${column} from lead_events ev where ev.id = ${eventIdColumn})`;
}

/** Repeat requests kept on a lead since `since` whose alert nobody has offered yet, oldest first. */
export function listUnhandledRepeatRequests(db: Knex, since: Date, limit: number): Promise<LeadEventRow[]> {
  return listUnhandledRepeatRequestRows(db, since, limit);
}

/** Marks handled, in one statement, the unhandled events since `since` that do not meet `condition`. */
export function markLeadEventsHandledUnless(db: Knex, since: Date, condition: LeadEventCondition): Promise<number> {
  return markRowsHandledUnless(db, since, condition);
}
