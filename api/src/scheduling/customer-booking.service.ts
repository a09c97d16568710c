// Scheduling (docs/decisions.md, "Scheduling"): the customer's booking by the quote's link: book,
// reschedule, cancel, skip one visit of a series (each with 24 hours' notice), and the booking the quote
// page shows.
import {
  type Booking,
  BOOKING_MESSAGES,
  CHANGE_NOTICE_HOURS,
  type NewBookingRequest,
  SERIES_VISITS_AHEAD,
} from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import type { Quote } from '@shine/shared/responses/quotes';
import { SERVICE_ADDRESS_MESSAGES } from '@shine/shared/service-address';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { AppError } from '../http/app-error.ts';
import { type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/index.ts';
import { saveServiceAddress, serviceAddressOfLead } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { lockAcceptedCustomerQuote } from '../quotes/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import {
  customerEarliest,
  HOUR_MS,
  refuseBeyondHorizon,
  refuseUsedUpOneTime,
  SlotRefusedError,
  specOfQuote,
} from './free-windows.service.ts';
import { extendSeriesAfter, placeFirstVisit } from './visit-placement.ts';
import { describeArrival, notifyOfVisit, toBooking, windowWords } from './visit-answers.service.ts';
import { type BookingCancellation, cancelBooking, createBooking, eventVisitOf } from './booking-core.ts';
import {
  type CalendarIdentity,
  deleteScheduledVisitsFrom,
  findLastVisitRow,
  findLatestBookingOfQuote,
  findNextScheduledVisitRow,
  lockActiveBookingOfLead,
  lockVisitRow,
  updateVisitRow,
  type VisitRow,
} from './scheduling.queries.ts';

export interface BookingResult {
  booking: Booking;
  /** false: the same start was booked before, nothing changed (200 instead of 201). */
  created: boolean;
}

/** POST /api/quotes/{token}/booking: the customer books the accepted quote's first visit. */
export async function bookFromQuote(
  db: Knex,
  token: string,
  request: NewBookingRequest,
  timeZone: string,
  now: Date,
  link?: string,
): Promise<BookingResult> {
  const startAt = Date.parse(request.start);
  const result = await withLeadEventOutbox(db, async (trx, outbox) => {
    const quote = await lockAcceptedCustomerQuote(trx, token, now);
    await refuseUsedUpOneTime(trx, quote, now);
    const settings = await getSchedulingSettings(trx);
    const existing = await lockActiveBookingOfLead(trx, quote.leadId);
    if (existing) {
      const next = await findNextScheduledVisitRow(trx, existing.id, now);
      if (existing.quote_id === quote.id && next?.starts_at.getTime() === startAt)
        return { row: existing, created: false };
      throw new AppError(409, BOOKING_MESSAGES.alreadyBooked);
    }
    if (!request.address && !(await serviceAddressOfLead(trx, quote.leadId))) {
      throw new AppError(400, SERVICE_ADDRESS_MESSAGES.required, [
        { path: 'address', message: SERVICE_ADDRESS_MESSAGES.required },
      ]);
    }
    const spec = specOfQuote(quote);
    const earliest = customerEarliest(settings, spec, now);
    refuseBeyondHorizon(settings, spec, startAt, earliest, now);
    const row = await createBooking(
      trx,
      outbox,
      { settings, timeZone, now },
      { leadId: quote.leadId, spec, start: startAt, earliest, actorId: null, ...(link ? { link } : {}) },
    );
    // After the booking, as createBooking orders its locks (the booking, then the lead).
    if (request.address) await saveServiceAddress(trx, null, quote.leadId, request.address);
    return { row, created: true };
  });
  return { booking: await toBooking(db, result.row, timeZone, now), created: result.created };
}

/** The customer's booking of a quote (the newest, active or cancelled), for the quote page. */
export async function findBookingOfQuote(
  db: Knex,
  quoteId: string,
  timeZone: string,
  now: Date,
): Promise<Booking | undefined> {
  const row = await findLatestBookingOfQuote(db, quoteId);
  return row ? toBooking(db, row, timeZone, now) : undefined;
}

/** Whether the customer may still change the next visit themselves (24 hours' notice). */
export function canCustomerChange(booking: Booking, now: Date): boolean {
  const next = booking.visits.find((visit) => visit.status === 'scheduled' && Date.parse(visit.start) >= now.getTime());
  return !next || Date.parse(next.start) - now.getTime() >= CHANGE_NOTICE_HOURS * HOUR_MS;
}

/** The customer's active booking of the quote, locked, and its next visit; 409 inside 24 hours. */
async function lockCustomerBooking(trx: Knex.Transaction, quote: Quote, now: Date) {
  const booking = await lockActiveBookingOfLead(trx, quote.leadId);
  if (!booking || booking.quote_id !== quote.id) throw new AppError(409, BOOKING_MESSAGES.noBooking);
  const next = await findNextScheduledVisitRow(trx, booking.id, now);
  if (next && next.starts_at.getTime() - now.getTime() < CHANGE_NOTICE_HOURS * HOUR_MS) {
    throw new AppError(409, BOOKING_MESSAGES.tooLate(DEFAULT_COMPANY.phone));
  }
  return { booking, next };
}

/**
 * PATCH /api/quotes/{token}/booking: the customer moves the booking. The next visit goes to the new
 * window and the rest of a series follows it from there (the customer changes their service, not
 * one visit; staff move single visits). Inside 24 hours of the next visit: 409 with the policy.
 */
export async function rescheduleFromQuote(
  db: Knex,
  token: string,
  start: string,
  timeZone: string,
  now: Date,
  link?: string,
): Promise<BookingResultChanged> {
  const startAt = Date.parse(start);
  const { row, changed, withdrawn } = await withLeadEventOutbox(db, async (trx, outbox) => {
    const quote = await lockAcceptedCustomerQuote(trx, token, now);
    await refuseUsedUpOneTime(trx, quote, now);
    const settings = await getSchedulingSettings(trx);
    const { booking, next } = await lockCustomerBooking(trx, quote, now);
    if (next?.starts_at.getTime() === startAt) return { row: booking, changed: false, withdrawn: [] };
    const spec = specOfQuote(quote);
    const earliest = customerEarliest(settings, spec, now);
    const refuse = (message: string) => new SlotRefusedError(message, spec, startAt, earliest);
    if (startAt < earliest) throw refuse(BOOKING_MESSAGES.windowUnavailable);
    refuseBeyondHorizon(settings, spec, startAt, earliest, now);
    // The series is laid again from the new start; its visits keep the calendar events (UIDs) of
    // the ones they replace, one revision on (docs/decisions.md, "Calendar files").
    const removed = await deleteScheduledVisitsFrom(trx, booking.id, now);
    const inherit: CalendarIdentity[] = removed.map((visit) => ({
      calendar_uid: visit.calendar_uid,
      calendar_sequence: visit.calendar_sequence + 1,
    }));
    const last = await findLastVisitRow(trx, booking.id);
    const first = await placeFirstVisit(
      trx,
      settings,
      timeZone,
      booking,
      (last?.sequence ?? 0) + 1,
      startAt,
      refuse,
      inherit.shift(),
    );
    await extendSeriesAfter(
      trx,
      settings,
      timeZone,
      booking,
      first,
      { count: Math.max(SERIES_VISITS_AHEAD, removed.length) - 1 },
      inherit,
    );
    // Events no new visit took over (a window with no crew free): the file withdraws them.
    const left = new Set(inherit.map((identity) => identity.calendar_uid));
    const withdrawn = removed
      .filter((visit) => left.has(visit.calendar_uid))
      .map((visit) => ({ ...visit, status: 'cancelled' as const, calendar_sequence: visit.calendar_sequence + 1 }));
    await recordSystemActivity(
      trx,
      {
        leadId: booking.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Customer rescheduled: ${describeArrival(first.starts_at, first.arrival_ends_at, timeZone)}`,
        description: next
          ? `Moved from ${describeArrival(next.starts_at, next.arrival_ends_at, timeZone)} on the quote page.`
          : 'Rescheduled on the quote page.',
      },
      now,
    );
    await publishLiveEvent(trx, { type: 'visits.changed', leadId: booking.lead_id });
    await notifyOfVisit(
      trx,
      booking.lead_id,
      (byName) => ({ kind: 'visit_rescheduled', when: windowWords(first, timeZone), byName }),
      { actorId: null, now, timeZone },
    );
    await outbox.bookingChanged(booking.lead_id, {
      bookingId: booking.id,
      change: 'rescheduled',
      withdrawn: withdrawn.map(eventVisitOf),
      ...(link ? { link } : {}),
    });
    return { row: booking, changed: true, withdrawn };
  });
  return { booking: await toBooking(db, row, timeZone, now), changed, withdrawn };
}

export interface BookingResultChanged {
  booking: Booking;
  /** false: already at that start, nothing changed. */
  changed: boolean;
  /** Visits removed that no visit of the new series replaced: their calendar events are withdrawn. */
  withdrawn: VisitRow[];
}

/** DELETE /api/quotes/{token}/booking: the customer cancels; 409 with the policy inside 24 hours. */
export async function cancelFromQuote(
  db: Knex,
  token: string,
  timeZone: string,
  now: Date,
  link?: string,
): Promise<BookingCancellation> {
  const { row, cancelled } = await withLeadEventOutbox(db, async (trx, outbox) => {
    const quote = await lockAcceptedCustomerQuote(trx, token, now);
    await refuseUsedUpOneTime(trx, quote, now);
    const { booking, next } = await lockCustomerBooking(trx, quote, now);
    return cancelBooking(
      trx,
      outbox,
      booking,
      next,
      {
        actorId: null,
        subject: 'Customer cancelled the booking',
        description: 'Cancelled on the quote page, with more than 24 hours’ notice.',
        ...(link ? { link } : {}),
      },
      { now, timeZone },
    );
  });
  return { booking: await toBooking(db, row, timeZone, now), cancelled };
}

/**
 * PATCH /api/quotes/{token}/visits/{id} `{ status: 'skipped' }`: the customer skips one visit of their
 * series; the rest stays as booked. The 24-hour notice is the visit's own: a later visit can be skipped
 * while the next one is inside its 24 hours. Answers the booking; the customer's e-mail (a calendar
 * file that removes that visit) is the reaction to the event.
 */
export async function skipVisitFromQuote(
  db: Knex,
  token: string,
  visitId: string,
  timeZone: string,
  now: Date,
  link?: string,
): Promise<Booking> {
  const row = await withLeadEventOutbox(db, async (trx, outbox) => {
    const quote = await lockAcceptedCustomerQuote(trx, token, now);
    await refuseUsedUpOneTime(trx, quote, now);
    const booking = await lockActiveBookingOfLead(trx, quote.leadId);
    if (!booking || booking.quote_id !== quote.id) throw new AppError(409, BOOKING_MESSAGES.noBooking);
    if (booking.frequency === 'One Time') throw new AppError(409, BOOKING_MESSAGES.oneTimeNotSkippable);
    const visit = await lockVisitRow(trx, visitId);
    if (!visit || visit.booking_id !== booking.id) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
    await skipVisitOfCustomer(trx, outbox, visit, {
      timeZone,
      now,
      where: 'on the quote page',
      ...(link ? { link } : {}),
    });
    return booking;
  });
  return toBooking(db, row, timeZone, now);
}

/**
 * The customer skips one visit of their series (by the quote's link or in their account), in the
 * caller's transaction, the visit locked: 409 unless it is scheduled and still to come, 409 with the
 * policy inside its own 24 hours; the timeline, the lead's people and the customer's e-mail hear of it.
 */
export async function skipVisitOfCustomer(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  visit: VisitRow,
  context: { timeZone: string; now: Date; where: string; link?: string },
): Promise<void> {
  const { timeZone, now, link } = context;
  if (visit.status === 'skipped') return;
  if (visit.status !== 'scheduled' || visit.starts_at.getTime() <= now.getTime()) {
    throw new AppError(409, BOOKING_MESSAGES.visitNotSkippable);
  }
  if (visit.starts_at.getTime() - now.getTime() < CHANGE_NOTICE_HOURS * HOUR_MS) {
    throw new AppError(409, BOOKING_MESSAGES.tooLate(DEFAULT_COMPANY.phone));
  }
  const skipped = await updateVisitRow(trx, visit.id, { status: 'skipped' }, now, true);
  const when = describeArrival(skipped.starts_at, skipped.arrival_ends_at, timeZone);
  await recordSystemActivity(
    trx,
    {
      leadId: visit.lead_id,
      userId: await findOrCreateSystemUserId(trx),
      type: 'note',
      subject: `Customer skipped a visit: ${when}`,
      description: `Skipped ${context.where}; the rest of the series stays as booked.`,
    },
    now,
  );
  await publishLiveEvent(trx, { type: 'visits.changed', leadId: visit.lead_id });
  await notifyOfVisit(
    trx,
    visit.lead_id,
    (byName) => ({ kind: 'visit_cancelled', when: windowWords(skipped, timeZone), byName, skipped: true }),
    { actorId: null, now, timeZone },
  );
  await outbox.visitsCancelled(visit.lead_id, {
    visits: [eventVisitOf(skipped)],
    by: 'customer',
    whole: false,
    skipped: true,
    ...(link ? { link } : {}),
  });
}
