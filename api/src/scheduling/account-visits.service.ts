// Scheduling (docs/decisions.md, "The customer's account"): a signed-in customer's visits (every lead
// of their address) and their own changes: skip one visit, cancel the series from a visit on, move one
// visit to a free window. Each visit's 24-hour notice is its own; another customer's visit is 404.
import type { AccountVisit, AccountVisitUpdate } from '@shine/shared/account';
import { BOOKING_MESSAGES, CHANGE_NOTICE_HOURS } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatCents } from '@shine/shared/quote-pricing';
import { calendarDateIn } from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { visitContactsOfLeads } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { cancelBooking } from './booking-core.ts';
import { skipVisitOfCustomer } from './customer-booking.service.ts';
import { findFreeWindows, HOUR_MS, MINUTE_MS } from './free-windows.service.ts';
import { moveVisit } from './staff-visits.service.ts';
import { describeArrival, notifyOfVisit, windowWords } from './visit-answers.service.ts';
import { crewOrder } from './visit-placement.ts';
import {
  type CustomerVisitRow,
  findBookingRow,
  findNextScheduledVisitRow,
  findVisitRow,
  listCustomerVisitRows,
  lockBookingRow,
  lockVisitRow,
  type VisitRow,
} from './scheduling.queries.ts';

const UPCOMING_SHOWN = 24;
const PAST_SHOWN = 12;

const noticeLeft = (visit: Pick<VisitRow, 'starts_at'>, now: Date) =>
  visit.starts_at.getTime() - now.getTime() >= CHANGE_NOTICE_HOURS * HOUR_MS;

const centsOrNull = (value: string | number | null) => (value === null ? null : formatCents(Number(value)));

/** The customer's visits: those to come (soonest first), then past ones (newest first). */
export async function listVisitsOfCustomer(db: Knex, leadIds: readonly string[], now: Date): Promise<AccountVisit[]> {
  const { upcoming, past } = await listCustomerVisitRows(db, leadIds, now, {
    upcoming: UPCOMING_SHOWN,
    past: PAST_SHOWN,
  });
  const [contacts, settings] = await Promise.all([visitContactsOfLeads(db, leadIds), getSchedulingSettings(db)]);
  return [...upcoming, ...past].map((row: CustomerVisitRow) => ({
    id: row.id,
    bookingId: row.booking_id,
    start: row.starts_at.toISOString(),
    arrivalEnd: row.arrival_ends_at.toISOString(),
    end: row.ends_at.toISOString(),
    status: row.status,
    crew: settings.crews[row.crew - 1] ?? `Crew ${row.crew}`,
    address: contacts.get(row.lead_id)?.address ?? null,
    price: centsOrNull(row.sequence === 1 ? row.first_visit_cents : row.per_visit_cents),
    recurring: row.frequency !== 'One Time',
    canChange: row.status === 'scheduled' && noticeLeft(row, now),
  }));
}

/** The visit, locked, if it is one of the customer's; 404 otherwise (another customer's visit included). */
async function lockVisitOfCustomer(trx: Knex.Transaction, leadIds: readonly string[], id: string): Promise<VisitRow> {
  const visit = await lockVisitRow(trx, id);
  if (!visit || !leadIds.includes(visit.lead_id)) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
  return visit;
}

/** Inside the visit's own 24 hours: 409 with the policy and the phone number. */
function refuseLate(visit: VisitRow, now: Date): void {
  if (!noticeLeft(visit, now)) throw new AppError(409, BOOKING_MESSAGES.tooLate(DEFAULT_COMPANY.phone));
}

/**
 * PATCH /api/account/visits/{id}: the customer skips the visit, cancels the series from it on, or moves
 * it to a free arrival window. Told as the quote link's changes are: the timeline, the lead's people
 * (notification) and the customer's e-mail with its calendar file.
 */
export async function changeVisitOfCustomer(
  db: Knex,
  leadIds: readonly string[],
  id: string,
  update: AccountVisitUpdate,
  context: { timeZone: string; now: Date; link: string },
): Promise<void> {
  const { timeZone, now, link } = context;
  const where = 'in the customer’s account';
  await withLeadEventOutbox(db, async (trx, outbox) => {
    // A cancellation locks the booking before the visit, as the quote link's cancellation does.
    if ('status' in update && update.status === 'cancelled') {
      const found = await findVisitRow(trx, id);
      if (found && leadIds.includes(found.lead_id)) await lockBookingRow(trx, found.booking_id);
    }
    const visit = await lockVisitOfCustomer(trx, leadIds, id);
    if ('status' in update && update.status === 'skipped') {
      const booking = await findBookingRow(trx, visit.booking_id);
      if (booking?.frequency === 'One Time') throw new AppError(409, BOOKING_MESSAGES.oneTimeNotSkippable);
      return skipVisitOfCustomer(trx, outbox, visit, { timeZone, now, where, link });
    }
    if (visit.status !== 'scheduled' || visit.starts_at.getTime() <= now.getTime()) {
      throw new AppError(409, BOOKING_MESSAGES.visitClosed);
    }
    refuseLate(visit, now);
    if ('status' in update) {
      const booking = await lockBookingRow(trx, visit.booking_id);
      if (booking?.status !== 'active') throw new AppError(409, BOOKING_MESSAGES.bookingCancelled);
      const next = await findNextScheduledVisitRow(trx, booking.id, visit.starts_at);
      await cancelBooking(
        trx,
        outbox,
        booking,
        next,
        {
          actorId: null,
          subject: 'Customer cancelled their cleanings',
          description: `Cancelled ${where} from ${describeArrival(visit.starts_at, visit.arrival_ends_at, timeZone)} on, with more than 24 hours’ notice.`,
          link,
        },
        { now, timeZone, from: visit.starts_at },
      );
      return;
    }
    const startAt = Date.parse(update.start);
    if (startAt === visit.starts_at.getTime()) return;
    const settings = await getSchedulingSettings(trx);
    const durationMinutes = Math.round((visit.ends_at.getTime() - visit.starts_at.getTime()) / MINUTE_MS);
    const latest = now.getTime() + settings.bookingHorizonWeeks * 7 * 24 * HOUR_MS;
    const windows = await findFreeWindows(trx, {
      settings,
      timeZone,
      from: calendarDateIn(startAt, timeZone),
      days: 1,
      durationMinutes,
      earliest: now.getTime() + CHANGE_NOTICE_HOURS * HOUR_MS,
    });
    if (startAt > latest || !windows.some((window) => window.start === startAt)) {
      throw new AppError(409, BOOKING_MESSAGES.windowUnavailable);
    }
    const moved = await moveVisit(trx, visit, startAt, crewOrder(settings, visit.crew), now);
    await recordSystemActivity(
      trx,
      {
        leadId: visit.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Customer moved a visit: ${describeArrival(moved.starts_at, moved.arrival_ends_at, timeZone)}`,
        description: `Moved ${where} from ${describeArrival(visit.starts_at, visit.arrival_ends_at, timeZone)}; the rest of the series stays as booked.`,
      },
      now,
    );
    await publishLiveEvent(trx, { type: 'visits.changed', leadId: visit.lead_id });
    await notifyOfVisit(
      trx,
      visit.lead_id,
      (byName) => ({ kind: 'visit_rescheduled', when: windowWords(moved, timeZone), byName }),
      { actorId: null, now, timeZone },
    );
    await outbox.bookingChanged(visit.lead_id, {
      bookingId: visit.booking_id,
      change: 'rescheduled',
      withdrawn: [],
      link,
    });
  });
}

/** How many days of free windows the move page offers. */
const MOVE_DAYS = 21;

/**
 * The free arrival windows one of the customer's visits can move to (its own length, from 24 hours
 * ahead, within the booking horizon); 404 for another customer's visit.
 */
export async function freeWindowsForCustomerVisit(
  db: Knex,
  leadIds: readonly string[],
  id: string,
  timeZone: string,
  now: Date,
): Promise<Array<{ start: string; end: string }>> {
  const visit = await findVisitRow(db, id);
  if (!visit || !leadIds.includes(visit.lead_id)) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
  const settings = await getSchedulingSettings(db);
  const earliest = now.getTime() + CHANGE_NOTICE_HOURS * HOUR_MS;
  const latest = now.getTime() + settings.bookingHorizonWeeks * 7 * 24 * HOUR_MS;
  const windows = await findFreeWindows(db, {
    settings,
    timeZone,
    from: calendarDateIn(earliest, timeZone),
    days: MOVE_DAYS,
    durationMinutes: Math.round((visit.ends_at.getTime() - visit.starts_at.getTime()) / MINUTE_MS),
    earliest,
  });
  return windows
    .filter((window) => window.start <= latest && window.start !== visit.starts_at.getTime())
    .map((window) => ({ start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() }));
}
