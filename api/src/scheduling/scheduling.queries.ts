// bookings and visits: the scheduling feature's tables (docs/architecture.md#table-ownership). A
// crew's capacity is the visits table's exclusion constraint (visits_crew_free): an insert that would
// overlap another live visit of its crew does nothing (ON CONFLICT DO NOTHING waits for a concurrent
// insert to commit or roll back first), and a move that would is refused with SQLSTATE 23P01.
import type { BookingStatus, VisitStatus } from '@shine/shared/bookings';
import type { Frequency } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { recurringValueSql } from '@shine/shared/recurring-revenue';
import { leadNameOf, leadValueCentsOf } from '../leads/index.ts';

export interface BookingRow {
  id: string;
  lead_id: string;
  quote_id: string | null;
  frequency: Frequency;
  status: BookingStatus;
  duration_minutes: number;
  // bigint: the pg driver answers strings, PGlite numbers.
  first_visit_cents: string | number | null;
  per_visit_cents: string | number | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
}

export interface VisitRow {
  id: string;
  booking_id: string;
  lead_id: string;
  sequence: number;
  crew: number;
  starts_at: Date;
  ends_at: Date;
  arrival_ends_at: Date;
  /** Where the series put it (a moved visit keeps it, so the series stays in its own window). */
  planned_start: Date;
  status: VisitStatus;
  needs_review: boolean;
  /** What staff should check ('moved_closed_day'). */
  flags: string[];
  reminded_at: Date | null;
  /** When the crew began it (the crew's day page's Start); null until then. */
  started_at: Date | null;
  /** The event's UID in the customer's calendar (docs/decisions.md, "Calendar files"). */
  calendar_uid: string;
  /** Its SEQUENCE: raised with every change the customer is told of. */
  calendar_sequence: number;
  created_at: Date;
  updated_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    bookings: BookingRow;
    visits: VisitRow;
  }
}

/** SQLSTATE exclusion_violation: the crew already has a visit then. */
export const EXCLUSION_VIOLATION = '23P01';

export const isExclusionViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === EXCLUSION_VIOLATION;

export async function insertBookingRow(
  trx: Knex,
  row: Pick<
    BookingRow,
    'lead_id' | 'quote_id' | 'frequency' | 'duration_minutes' | 'first_visit_cents' | 'per_visit_cents' | 'created_by'
  > & { created_at: Date },
): Promise<BookingRow> {
  const [inserted] = await trx('bookings')
    .insert({ ...row, updated_at: row.created_at })
    .returning('*');
  return inserted as BookingRow;
}

export function findBookingRow(db: Knex, id: string): Promise<BookingRow | undefined> {
  return db('bookings').where({ id }).first();
}

/** The lead's active booking, locked until the transaction ends (bookings of one lead take turns). */
export function lockActiveBookingOfLead(trx: Knex.Transaction, leadId: string): Promise<BookingRow | undefined> {
  return trx('bookings').where({ lead_id: leadId, status: 'active' }).forUpdate().first();
}

export function findActiveBookingOfLead(db: Knex, leadId: string): Promise<BookingRow | undefined> {
  return db('bookings').where({ lead_id: leadId, status: 'active' }).first();
}

/** The newest booking made from a quote (active or cancelled). */
export function findLatestBookingOfQuote(db: Knex, quoteId: string): Promise<BookingRow | undefined> {
  return db('bookings').where({ quote_id: quoteId }).orderBy('created_at', 'desc').first();
}

export async function markBookingCancelled(trx: Knex, id: string, now: Date): Promise<BookingRow> {
  const [row] = await trx('bookings')
    .where({ id })
    .update({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .returning('*');
  return row as BookingRow;
}

export type NewVisit = Pick<
  VisitRow,
  'booking_id' | 'lead_id' | 'sequence' | 'starts_at' | 'ends_at' | 'arrival_ends_at' | 'planned_start' | 'needs_review'
> &
  Partial<CalendarIdentity> &
  Partial<Pick<VisitRow, 'flags'>>;

/** A visit's event in the customer's calendar: a new visit gets a fresh UID unless it takes one over. */
export type CalendarIdentity = Pick<VisitRow, 'calendar_uid' | 'calendar_sequence'>;

/**
 * Inserts the visit for `crew` unless that crew has a live visit overlapping it; undefined then.
 * Never a read-then-write: the constraint decides, also against bookings in other processes.
 */
export async function insertVisitForCrew(trx: Knex, visit: NewVisit, crew: number): Promise<VisitRow | undefined> {
  const [row] = await trx('visits')
    .insert({ ...visit, crew })
    .onConflict()
    .ignore()
    .returning('*');
  return row as VisitRow | undefined;
}

/** The visits of a booking that end at or after `since`, in order (a series' past visits left out). */
export function listVisitRowsOfBooking(db: Knex, bookingId: string, since: Date, limit: number): Promise<VisitRow[]> {
  return db('visits')
    .where({ booking_id: bookingId })
    .andWhere('ends_at', '>=', since)
    .orderBy('starts_at')
    .limit(limit);
}

/** The last visit of a booking (the series is extended after it). */
export function findLastVisitRow(db: Knex, bookingId: string): Promise<VisitRow | undefined> {
  return db('visits').where({ booking_id: bookingId }).orderBy('sequence', 'desc').first();
}

/** The next visit still to happen: scheduled, starting at or after `now`. */
export function findNextScheduledVisitRow(db: Knex, bookingId: string, now: Date): Promise<VisitRow | undefined> {
  return db('visits')
    .where({ booking_id: bookingId, status: 'scheduled' })
    .andWhere('starts_at', '>=', now)
    .orderBy('starts_at')
    .first();
}

/** The scheduled visits of a booking not yet over, in order: what the customer's calendar file carries. */
export function listScheduledVisitRowsOfBooking(db: Knex, bookingId: string, since: Date): Promise<VisitRow[]> {
  return db('visits')
    .where({ booking_id: bookingId, status: 'scheduled' })
    .andWhere('ends_at', '>=', since)
    .orderBy('starts_at');
}

/** Scheduled visits of a booking from `from` on, removed before the series is laid again: the rows removed, in order. */
export async function deleteScheduledVisitsFrom(trx: Knex, bookingId: string, from: Date): Promise<VisitRow[]> {
  const rows: VisitRow[] = await trx('visits')
    .where({ booking_id: bookingId, status: 'scheduled' })
    .andWhere('starts_at', '>=', from)
    .delete()
    .returning('*');
  return rows.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}

/** Cancels the scheduled visits of a booking from `from` on (their calendar SEQUENCE raised): the rows, in order. */
export async function cancelScheduledVisitsFrom(
  trx: Knex,
  bookingId: string,
  from: Date,
  now: Date,
): Promise<VisitRow[]> {
  const rows: VisitRow[] = await trx('visits')
    .where({ booking_id: bookingId, status: 'scheduled' })
    .andWhere('starts_at', '>=', from)
    .update({ status: 'cancelled', updated_at: now, calendar_sequence: trx.raw('calendar_sequence + 1') })
    .returning('*');
  return rows.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}

export function lockVisitRow(trx: Knex.Transaction, id: string): Promise<VisitRow | undefined> {
  return trx('visits').where({ id }).forUpdate().first();
}

/** Changes a visit; `revised`: the customer is told of it, so its calendar SEQUENCE rises. */
export async function updateVisitRow(
  trx: Knex,
  id: string,
  changes: Partial<
    Pick<
      VisitRow,
      'crew' | 'starts_at' | 'ends_at' | 'arrival_ends_at' | 'status' | 'needs_review' | 'flags' | 'started_at'
    >
  >,
  now: Date,
  revised = false,
): Promise<VisitRow> {
  const [row] = await trx('visits')
    .where({ id })
    .update({
      ...changes,
      updated_at: now,
      ...(revised ? { calendar_sequence: trx.raw('calendar_sequence + 1') } : {}),
    })
    .returning('*');
  return row as VisitRow;
}

/** Every live visit (not cancelled or skipped) overlapping [from, to): the crews' busy times. */
export function listBusyIntervals(
  db: Knex,
  from: Date,
  to: Date,
): Promise<Array<Pick<VisitRow, 'crew' | 'starts_at' | 'ends_at'>>> {
  return db('visits')
    .select('crew', 'starts_at', 'ends_at')
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('starts_at', '<', to)
    .andWhere('ends_at', '>', from);
}

export interface AdminVisitRow extends VisitRow {
  lead_name: string;
  frequency: Frequency;
  first_visit_cents: BookingRow['first_visit_cents'];
  per_visit_cents: BookingRow['per_visit_cents'];
}

/** What the Schedule shows of a visit's booking: its frequency and prices. */
const ADMIN_VISIT_BOOKING_COLUMNS = ['b.frequency', 'b.first_visit_cents', 'b.per_visit_cents'];

/** Visits starting in [from, to) with their lead's name and the booking's frequency, in order. */
export function listAdminVisitRows(db: Knex, from: Date, to: Date): Promise<AdminVisitRow[]> {
  return db('visits as v')
    .join('bookings as b', 'b.id', 'v.booking_id')
    .select('v.*', ...ADMIN_VISIT_BOOKING_COLUMNS, leadNameOf(db, 'v.lead_id').as('lead_name'))
    .where('v.starts_at', '>=', from)
    .andWhere('v.starts_at', '<', to)
    .orderBy([{ column: 'v.starts_at' }, { column: 'v.crew' }]);
}

export async function findAdminVisitRow(db: Knex, id: string): Promise<AdminVisitRow | undefined> {
  return db('visits as v')
    .join('bookings as b', 'b.id', 'v.booking_id')
    .select('v.*', ...ADMIN_VISIT_BOOKING_COLUMNS, leadNameOf(db, 'v.lead_id').as('lead_name'))
    .where('v.id', id)
    .first();
}

/** Active recurring bookings whose next planned visit falls before `horizon`: their series needs extending. */
export function listSeriesToExtend(db: Knex, horizon: Date, limit: number): Promise<Array<{ id: string }>> {
  return db('bookings as b')
    .select('b.id')
    .where('b.status', 'active')
    .whereNot('b.frequency', 'One Time')
    .whereRaw(
      `(select max(v.planned_start) from visits v where v.booking_id = b.id)
        + (case b.frequency when 'Weekly' then 7 when 'Biweekly' then 14 else 28 end) * interval '1 day' <= ?`,
      [horizon],
    )
    .orderBy('b.id')
    .limit(limit);
}

export function lockBookingRow(trx: Knex.Transaction, id: string): Promise<BookingRow | undefined> {
  return trx('bookings').where({ id }).forUpdate().first();
}

/** Scheduled visits starting in (from, to]: their lead, id and start (the engine's reminder scan). */
export function upcomingVisitsQuery(db: Knex, from: Date, to: Date): Knex.QueryBuilder {
  return db('visits')
    .select('lead_id', db.raw('id as visit_id'), 'starts_at')
    .where({ status: 'scheduled' })
    .andWhere('starts_at', '>', from)
    .andWhere('starts_at', '<=', to);
}

/**
 * Scheduled visits starting in [from, to), by start and crew: My Day's visits today. `leadIds`: only
 * the visits of these leads (a subquery); absent: everyone's.
 */
export function listScheduledVisitRows(
  db: Knex,
  range: { from: Date; to: Date },
  leadIds: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<VisitRow[]> {
  const query = db('visits')
    .where({ status: 'scheduled' })
    .andWhere('starts_at', '>=', range.from)
    .andWhere('starts_at', '<', range.to);
  if (leadIds) query.whereIn('lead_id', leadIds);
  return query.orderBy([{ column: 'starts_at' }, { column: 'crew' }, { column: 'id' }]).limit(limit);
}

/** A lead's visit by id (a reminder's own visit), or its next scheduled visit from `now`. */
export function findVisitRowOfLead(db: Knex, leadId: string, visitId: string): Promise<VisitRow | undefined> {
  return db('visits').where({ id: visitId, lead_id: leadId }).first();
}

export function findNextScheduledVisitOfLead(db: Knex, leadId: string, now: Date): Promise<VisitRow | undefined> {
  return db('visits')
    .where({ lead_id: leadId, status: 'scheduled' })
    .andWhere('starts_at', '>', now)
    .orderBy('starts_at')
    .first();
}

/** How many of a lead's visits are completed. */
export async function countCompletedVisitsOfLead(db: Knex, leadId: string): Promise<number> {
  const row = (await db('visits').where({ lead_id: leadId, status: 'completed' }).count({ count: '*' }).first()) as
    | { count: string | number }
    | undefined;
  return Number(row?.count ?? 0);
}

/** Visits that have taken place: completed, or scheduled and begun (their start passed). */
function visitsTakenPlace(db: Knex, now: Date): Knex.QueryBuilder {
  return db('visits').where((where) =>
    where
      .where('visits.status', 'completed')
      .orWhere((begun) => begun.where('visits.status', 'scheduled').where('visits.starts_at', '<=', now)),
  );
}

/** Whether any visit of the lead has taken place (its first cleaning is behind it). */
export async function hasVisitTakenPlaceOfLead(db: Knex, leadId: string, now: Date): Promise<boolean> {
  return (await visitsTakenPlace(db, now).where('visits.lead_id', leadId).first('visits.id')) !== undefined;
}

/** Whether a visit booked from the quote has taken place. */
export async function hasVisitTakenPlaceOfQuote(db: Knex, quoteId: string, now: Date): Promise<boolean> {
  const row = await visitsTakenPlace(db, now)
    .join('bookings', 'bookings.id', 'visits.booking_id')
    .where('bookings.quote_id', quoteId)
    .first('visits.id');
  return row !== undefined;
}

/**
 * The dashboard's two scheduling figures: visits (not cancelled or skipped) starting this business week, Monday
 * to Sunday in `timeZone`, and the booked recurring revenue of the active recurring bookings, in
 * cents: the frozen per-visit price, or the lead's estimated value when staff booked without a quote.
 */
export async function measureScheduleFigures(
  db: Knex,
  now: Date,
  timeZone: string,
): Promise<{ visitsThisWeek: number; recurringCents: string }> {
  const monday = db.raw("date_trunc('week', ?::timestamptz at time zone ?)", [now.toISOString(), timeZone]);
  const visits = await db('visits')
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('starts_at', '>=', db.raw('(?) at time zone ?', [monday, timeZone]))
    .andWhere('starts_at', '<', db.raw("((?) + interval '7 days') at time zone ?", [monday, timeZone]))
    .count({ count: '*' })
    .first();
  const perVisit = db.raw('coalesce(b.per_visit_cents, (?))', [leadValueCentsOf(db, 'b.lead_id')]);
  const revenue = await db('bookings as b')
    .where('b.status', 'active')
    .select(db.raw(`coalesce(sum(${recurringValueSql('?', 'b.frequency')}), 0)::text as cents`, [perVisit]))
    .first();
  return {
    visitsThisWeek: Number((visits as { count?: string | number } | undefined)?.count ?? 0),
    recurringCents: String((revenue as { cents?: string } | undefined)?.cents ?? '0'),
  };
}

/** Changes whenever a visit or booking is written (inserted, moved, completed, cancelled, deleted). */
export async function readScheduleVersion(db: Knex): Promise<string> {
  const result = await db.raw<{ rows: Array<{ version: string }> }>(
    `select concat_ws(':', (select count(*) from visits), (select max(updated_at) from visits),
                           (select count(*) from bookings), (select max(updated_at) from bookings)) as version`,
  );
  return result.rows[0]?.version ?? '';
}

/** A customer's visit with its booking's frequency and prices. */
export interface CustomerVisitRow extends VisitRow {
  frequency: Frequency;
  first_visit_cents: BookingRow['first_visit_cents'];
  per_visit_cents: BookingRow['per_visit_cents'];
}

/**
 * The visits of the leads `leadIds` (a customer's account): those not over by `now`, soonest first,
 * and up to `pastLimit` over before it, newest first.
 */
export async function listCustomerVisitRows(
  db: Knex,
  leadIds: readonly string[],
  now: Date,
  limits: { upcoming: number; past: number },
): Promise<{ upcoming: CustomerVisitRow[]; past: CustomerVisitRow[] }> {
  if (leadIds.length === 0) return { upcoming: [], past: [] };
  const base = () =>
    db('visits as v')
      .join('bookings as b', 'b.id', 'v.booking_id')
      .select('v.*', ...ADMIN_VISIT_BOOKING_COLUMNS)
      .whereIn('v.lead_id', leadIds);
  const [upcoming, past] = await Promise.all([
    base().andWhere('v.ends_at', '>=', now).orderBy('v.starts_at').limit(limits.upcoming),
    base().andWhere('v.ends_at', '<', now).orderBy('v.starts_at', 'desc').limit(limits.past),
  ]);
  return { upcoming, past };
}

export function findVisitRow(db: Knex, id: string): Promise<VisitRow | undefined> {
  return db('visits').where({ id }).first();
}
