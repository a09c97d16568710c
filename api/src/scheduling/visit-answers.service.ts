// Scheduling (docs/decisions.md, "Scheduling"): bookings and visits as the API answers them (the
// customer's booking, the Schedule's visits with their flags), the arrival window in words, and the lead's
// people told of a visit booked, moved or cancelled.
import type { AdminVisit, Booking, Visit, VisitFlag } from '@shine/shared/bookings';
import { formatCents } from '@shine/shared/quote-pricing';
import { calendarDateIn, formatArrivalWindow, formatInstantIn } from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { findAssignableUser } from '../auth/index.ts';
import { type LeadHappening, notifyAboutLead, type VisitContact, visitContactsOfLeads } from '../leads/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { CLOSED_DAY_FLAG, MINUTE_MS } from './free-windows.service.ts';
import {
  type AdminVisitRow,
  type BookingRow,
  findLastVisitRow,
  listVisitRowsOfBooking,
  type VisitRow,
} from './scheduling.queries.ts';

/** How many visits a booking's answer lists (from the first not yet over). */
const BOOKING_VISITS_SHOWN = 12;

const DESCRIBE = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });

/** "Tue, Dec 1, 2026, 8:00 AM – 10:00 AM" */
export function describeArrival(start: Date, arrivalEnd: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  return `${DESCRIBE(timeZone).format(start)} – ${time.format(arrivalEnd)}`;
}

/** "Tue, Dec 1, 8–10 AM": the visit's arrival window, as a notification says it. */
export const windowWords = (visit: Pick<VisitRow, 'starts_at' | 'arrival_ends_at'>, timeZone: string) =>
  formatArrivalWindow(visit.starts_at.getTime(), visit.arrival_ends_at.getTime(), timeZone);

/**
 * The lead's assignee (or the person on duty) hears of a visit booked, moved or cancelled, as a
 * quote's answer is heard of; the colleague who did it (`actorId`) is not told of their own change.
 */
export async function notifyOfVisit(
  trx: Knex,
  leadId: string,
  happening: (byName: string | null) => LeadHappening,
  context: { actorId: string | null; now: Date; timeZone: string },
): Promise<void> {
  const actor = context.actorId ? await findAssignableUser(trx, context.actorId) : undefined;
  const byName = context.actorId ? (actor?.name ?? 'A colleague') : null;
  await notifyAboutLead(trx, leadId, happening(byName), context);
}

export function toVisit(row: VisitRow, timeZone: string): Visit {
  return {
    id: row.id,
    start: formatInstantIn(row.starts_at.getTime(), timeZone),
    end: formatInstantIn(row.ends_at.getTime(), timeZone),
    arrivalEnd: formatInstantIn(row.arrival_ends_at.getTime(), timeZone),
    status: row.status,
    crew: row.crew,
    needsReview: row.needs_review,
  };
}

const centsOrNull = (value: string | number | null) => (value === null ? null : formatCents(Number(value)));

export async function toBooking(db: Knex, row: BookingRow, timeZone: string, now: Date): Promise<Booking> {
  let visits = await listVisitRowsOfBooking(db, row.id, now, BOOKING_VISITS_SHOWN);
  if (visits.length === 0) {
    const last = await findLastVisitRow(db, row.id);
    visits = last ? [last] : [];
  }
  return {
    id: row.id,
    leadId: row.lead_id,
    quoteId: row.quote_id,
    frequency: row.frequency,
    status: row.status,
    durationMinutes: row.duration_minutes,
    firstVisitTotal: centsOrNull(row.first_visit_cents),
    perVisitTotal: centsOrNull(row.per_visit_cents),
    visits: visits.map((visit) => toVisit(visit, timeZone)),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The visit's flags for staff: those stored (moved off a closed day), and on_closed_day for a
 * scheduled visit on a date closed after it was booked (never moved silently: staff decide).
 */
function flagsOf(row: VisitRow, closedDates: readonly string[], timeZone: string): VisitFlag[] {
  const flags = (row.flags ?? []).filter((flag): flag is VisitFlag => flag === CLOSED_DAY_FLAG);
  if (row.status === 'scheduled' && closedDates.includes(calendarDateIn(row.starts_at.getTime(), timeZone)))
    flags.push('on_closed_day');
  return flags;
}

/** A visit as the Schedule shows it: with its customer's phone and service address, price, length and flags. */
function toAdminVisit(
  row: AdminVisitRow,
  contact: VisitContact | undefined,
  timeZone: string,
  closedDates: readonly string[],
): AdminVisit {
  return {
    ...toVisit(row, timeZone),
    bookingId: row.booking_id,
    leadId: row.lead_id,
    leadName: row.lead_name,
    frequency: row.frequency,
    address: contact?.address ?? null,
    phone: contact?.phone ?? '',
    price: centsOrNull(row.sequence === 1 ? row.first_visit_cents : row.per_visit_cents),
    durationMinutes: Math.max(1, Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / MINUTE_MS)),
    flags: flagsOf(row, closedDates, timeZone),
    startedAt: row.started_at ? row.started_at.toISOString() : null,
  };
}

/** The rows as the Schedule's visits, each lead's phone and address read once. */
export async function toAdminVisits(db: Knex, rows: readonly AdminVisitRow[], timeZone: string): Promise<AdminVisit[]> {
  const [contacts, settings] = await Promise.all([
    visitContactsOfLeads(
      db,
      rows.map((row) => row.lead_id),
    ),
    getSchedulingSettings(db),
  ]);
  return rows.map((row) => toAdminVisit(row, contacts.get(row.lead_id), timeZone, settings.closedDates));
}
