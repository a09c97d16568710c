// Scheduling (docs/decisions.md, "Scheduling"): staff's booking of a lead by hand (in a free window or at
// a time of their choosing), staff's cancellation of a booking (the lead's, or by its id) and the lead's
// active booking.
import { type Booking, BOOKING_MESSAGES, type StaffBookingRequest } from '@shine/shared/bookings';
import { API_ERRORS } from '@shine/shared/messages';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/index.ts';
import { findLead, saveServiceAddress } from '../leads/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { specForLead } from './free-windows.service.ts';
import { toBooking } from './visit-answers.service.ts';
import { type BookingCancellation, cancelBooking, createBooking } from './booking-core.ts';
import {
  type BookingRow,
  findActiveBookingOfLead,
  findNextScheduledVisitRow,
  lockActiveBookingOfLead,
  lockBookingRow,
} from './scheduling.queries.ts';

/** Staff cancel a booking (locked), every visit still to come, whatever the notice. */
async function cancelBookingByStaff(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  actorId: string,
  booking: BookingRow,
  context: { now: Date; timeZone: string },
) {
  const next = await findNextScheduledVisitRow(trx, booking.id, context.now);
  return cancelBooking(
    trx,
    outbox,
    booking,
    next,
    { actorId, subject: 'Booking cancelled', description: 'Every visit still to come was cancelled by staff.' },
    context,
  );
}

/** DELETE /api/admin/leads/{id}/booking: staff cancel the lead's active booking. */
export async function cancelBookingOfLead(
  db: Knex,
  actorId: string,
  leadId: string,
  timeZone: string,
  now: Date,
): Promise<BookingCancellation> {
  const { row, cancelled } = await withLeadEventOutbox(db, async (trx, outbox) => {
    if (!(await findLead(trx, leadId))) throw new AppError(404, API_ERRORS.leadNotFound);
    const booking = await lockActiveBookingOfLead(trx, leadId);
    if (!booking) throw new AppError(409, BOOKING_MESSAGES.leadHasNoBooking);
    return cancelBookingByStaff(trx, outbox, actorId, booking, { now, timeZone });
  });
  return { booking: await toBooking(db, row, timeZone, now), cancelled };
}

/** DELETE /api/admin/bookings/{id}: staff cancel a booking named by its id. */
export async function cancelBookingById(
  db: Knex,
  actorId: string,
  bookingId: string,
  timeZone: string,
  now: Date,
): Promise<BookingCancellation> {
  const { row, cancelled } = await withLeadEventOutbox(db, async (trx, outbox) => {
    const booking = await lockBookingRow(trx, bookingId);
    if (!booking) throw new AppError(404, BOOKING_MESSAGES.bookingNotFound);
    if (booking.status !== 'active') throw new AppError(409, BOOKING_MESSAGES.bookingAlreadyCancelled);
    return cancelBookingByStaff(trx, outbox, actorId, booking, { now, timeZone });
  });
  return { booking: await toBooking(db, row, timeZone, now), cancelled };
}

/**
 * POST /api/admin/leads/{id}/booking: staff book a lead by hand, in a free window (inside the lead
 * time too) or, with `anyTime`, at a time of their choosing; never in the past.
 */
export async function bookForLead(
  db: Knex,
  actorId: string,
  leadId: string,
  request: StaffBookingRequest,
  timeZone: string,
  now: Date,
): Promise<Booking> {
  const startAt = Date.parse(request.start);
  const row = await withLeadEventOutbox(db, async (trx, outbox) => {
    const lead = await findLead(trx, leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    if (await lockActiveBookingOfLead(trx, leadId)) throw new AppError(409, BOOKING_MESSAGES.leadHasBooking);
    const spec = await specForLead(trx, lead, now);
    if (!spec) throw new AppError(409, BOOKING_MESSAGES.noAcceptedQuote);
    const settings = await getSchedulingSettings(trx);
    const booking = await createBooking(
      trx,
      outbox,
      { settings, timeZone, now },
      { leadId, spec, start: startAt, earliest: now.getTime(), actorId, ...(request.anyTime ? { ownTime: true } : {}) },
    );
    if (request.address) await saveServiceAddress(trx, actorId, leadId, request.address);
    return booking;
  });
  return toBooking(db, row, timeZone, now);
}

/** GET /api/admin/leads/{id}/booking: the lead's active booking with its next visits, or null. */
export async function activeBookingOfLead(
  db: Knex,
  leadId: string,
  timeZone: string,
  now: Date,
): Promise<Booking | null> {
  if (!(await findLead(db, leadId))) throw new AppError(404, API_ERRORS.leadNotFound);
  const row = await findActiveBookingOfLead(db, leadId);
  return row ? toBooking(db, row, timeZone, now) : null;
}
