// The customer's booking e-mails: the confirmation of a booking (visit_booked), of a reschedule, move
// or visit put back (booking_changed), and of a cancellation (visits_cancelled), each with its
// calendar file (scheduling/booking-email.ts makes them). A customer's own changes to one booking fold:
// while their e-mail waits out the quiet period, a newer change takes its place, and the one e-mail
// withdraws every calendar event the burst left behind.
import type { LeadEventRow } from '../db/automation-tables.ts';
import type {
  BookingChangedPayload,
  EventVisit,
  VisitBookedPayload,
  VisitsCancelledPayload,
} from '../lead-events/index.ts';
import { bookingEmailOf, type CalendarVisit, cancellationEmailOf } from '../scheduling/index.ts';
import type { Reaction, ReactionEmail } from './reaction.ts';

const calendarVisitOf = (visit: EventVisit): CalendarVisit => ({
  calendar_uid: visit.calendar_uid,
  calendar_sequence: visit.calendar_sequence,
  starts_at: new Date(visit.starts_at),
  ends_at: new Date(visit.ends_at),
  arrival_ends_at: new Date(visit.arrival_ends_at),
  status: visit.status as CalendarVisit['status'],
});

/** Events withdrawn by every change of the burst, once each, newest revision. */
function withdrawnOf(changes: readonly BookingChangedPayload[]): CalendarVisit[] {
  const byUid = new Map<string, EventVisit>();
  for (const change of changes) for (const visit of change.withdrawn) byUid.set(visit.calendar_uid, visit);
  return [...byUid.values()].map(calendarVisitOf);
}

const isCustomerReschedule = (event: LeadEventRow) =>
  event.trigger === 'booking_changed' && !(event.payload as BookingChangedPayload).actorId;

export const bookingEmailReaction: Reaction = {
  name: 'booking-email',
  triggers: ['visit_booked', 'booking_changed', 'visits_cancelled'],
  // Without a quiet period (0) every change is e-mailed on its own.
  fold: (event, quietMs) =>
    quietMs > 0 && isCustomerReschedule(event)
      ? { key: `booking:${(event.payload as BookingChangedPayload).bookingId}`, waitMs: quietMs }
      : undefined,
  async email(context, event, folded): Promise<ReactionEmail | undefined> {
    const { db, timeZone } = context;
    const accountUrl = `${context.publicOrigin.replace(/\/+$/, '')}/account`;
    if (event.trigger === 'visits_cancelled') {
      const payload = event.payload as VisitsCancelledPayload;
      const message = await cancellationEmailOf(db, timeZone, {
        leadId: event.lead_id,
        visits: payload.visits.map(calendarVisitOf),
        what: { by: payload.by, whole: payload.whole, ...(payload.skipped ? { skipped: true } : {}) },
        accountUrl,
        ...(payload.link ? { link: payload.link } : {}),
      });
      return message && { message, actorId: payload.actorId };
    }
    if (event.trigger === 'visit_booked') {
      const payload = event.payload as VisitBookedPayload | null;
      // A booking from before reactions has no payload: its e-mail went out with its answer.
      if (!payload) return undefined;
      const message = await bookingEmailOf(db, timeZone, context.now(), {
        leadId: event.lead_id,
        bookingId: payload.bookingId,
        kind: 'booked',
        accountUrl,
        ...(payload.link ? { link: payload.link } : {}),
      });
      return message && { message, actorId: payload.actorId };
    }
    const payload = event.payload as BookingChangedPayload;
    const message = await bookingEmailOf(db, timeZone, context.now(), {
      leadId: event.lead_id,
      bookingId: payload.bookingId,
      kind: payload.change,
      accountUrl,
      withdrawn: withdrawnOf([...(folded as BookingChangedPayload[]), payload]),
      ...(payload.link ? { link: payload.link } : {}),
    });
    return message && { message, actorId: payload.actorId };
  },
};
