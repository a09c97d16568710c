// Scheduling (docs/decisions.md, "Scheduling"): the recurring series kept ahead (for server.ts), and what
// other features read of the schedule: the visits a visit_upcoming rule is due for, the visit an
// automated message names, a lead's first completed visit, and the dashboard's figures.
import { CHANGE_NOTICE_HOURS } from '@shine/shared/bookings';
import { formatCents } from '@shine/shared/quote-pricing';
import type { Knex } from 'knex';
import { publishLiveEvent } from '../live/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { HOUR_MS } from './free-windows.service.ts';
import { extendSeriesAfter } from './visit-placement.ts';
import { describeArrival } from './visit-answers.service.ts';
import {
  countCompletedVisitsOfLead,
  findLastVisitRow,
  findNextScheduledVisitOfLead,
  findVisitRowOfLead,
  listSeriesToExtend,
  lockBookingRow,
  measureScheduleFigures,
  readScheduleVersion,
  upcomingVisitsQuery,
} from './scheduling.queries.ts';

// ---------------------------------------------------------------------------------------------
// Keeping series ahead

/** How far ahead a recurring series is kept on the calendar. */
export const SERIES_HORIZON_DAYS = 84;
const SERIES_BATCH = 100;

/**
 * Extends every active recurring series whose last visit is within the horizon, one booking at a
 * time under its row lock (several processes may run this at once). Answers how many were extended.
 */
export async function extendRecurringSeries(db: Knex, timeZone: string, now: Date): Promise<number> {
  const horizon = now.getTime() + SERIES_HORIZON_DAYS * 24 * HOUR_MS;
  const due = await listSeriesToExtend(db, new Date(horizon), SERIES_BATCH);
  const settings = await getSchedulingSettings(db);
  for (const { id } of due) {
    await db.transaction(async (trx) => {
      const booking = await lockBookingRow(trx, id);
      const last = booking?.status === 'active' ? await findLastVisitRow(trx, id) : undefined;
      if (!booking || !last) return;
      const added = await extendSeriesAfter(trx, settings, timeZone, booking, last, { horizon });
      if (added > 0) await publishLiveEvent(trx, { type: 'visits.changed', leadId: booking.lead_id });
    });
  }
  return due.length;
}

/**
 * For the automation engine's visit_upcoming scan: (lead_id, visit_id, starts_at) of every scheduled
 * visit starting within the next 24 hours (a reminder the day before; one occurrence per visit).
 */
export function upcomingVisits(db: Knex, now: Date): Knex.QueryBuilder {
  return upcomingVisitsQuery(db, now, new Date(now.getTime() + CHANGE_NOTICE_HOURS * HOUR_MS));
}

// ---------------------------------------------------------------------------------------------
// For automated messages

/**
 * The arrival window an automated message names ({{visitTime}}): a reminder's own visit (its
 * occurrence is `visit:<id>`), otherwise the lead's next scheduled visit; null when there is none.
 */
export async function describeVisitForMessage(
  db: Knex,
  leadId: string,
  occurrenceKey: string,
  timeZone: string,
  now: Date,
): Promise<string | null> {
  const visitId = /^visit:([0-9a-f-]{36})$/.exec(occurrenceKey)?.[1];
  const own = visitId ? await findVisitRowOfLead(db, leadId, visitId) : undefined;
  const visit = own?.status === 'scheduled' ? own : await findNextScheduledVisitOfLead(db, leadId, now);
  return visit ? describeArrival(visit.starts_at, visit.arrival_ends_at, timeZone) : null;
}

/** Whether a lead has had at most one completed visit (the "Ask for a review" rule's first visit). */
export async function isFirstCompletedVisit(db: Knex, leadId: string): Promise<boolean> {
  return (await countCompletedVisitsOfLead(db, leadId)) <= 1;
}

// ---------------------------------------------------------------------------------------------
// The dashboard's figures

/** "Visits this week" and "Booked recurring revenue" (a decimal string of dollars and cents). */
export async function measureScheduleMetrics(
  db: Knex,
  now: Date,
  timeZone: string,
): Promise<{ visitsThisWeek: number; bookedRecurringRevenue: string }> {
  const { visitsThisWeek, recurringCents } = await measureScheduleFigures(db, now, timeZone);
  return { visitsThisWeek, bookedRecurringRevenue: formatCents(Number(recurringCents)) };
}

/** For the metrics' ETag: changes whenever a visit or booking is written. */
export function scheduleVersion(db: Knex): Promise<string> {
  return readScheduleVersion(db);
}
