// Scheduling (docs/decisions.md, "Scheduling"): placing visits, a booking's first visit and the recurring
// series after it. Capacity is the database's: every visit is written with ON CONFLICT DO NOTHING against
// the visits' exclusion constraint, so two bookings of one crew's time cannot both commit, in any number
// of processes.
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import {
  addLocalDays,
  type ArrivalWindow,
  arrivalWindowAt,
  calendarDateIn,
  FREQUENCY_INTERVAL_DAYS,
  isClosedOn,
  type SchedulingSettings,
} from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { CLOSED_DAY_FLAG, findFreeWindows, MINUTE_MS, type SlotRefusedError } from './free-windows.service.ts';
import {
  type BookingRow,
  type CalendarIdentity,
  insertVisitForCrew,
  type NewVisit,
  type VisitRow,
} from './scheduling.queries.ts';

/** A recurring visit whose own window is taken goes to the next free window within this many days. */
const FALLBACK_DAYS = 14;

/** The crews to try, `preferred` first. */
export function crewOrder(settings: SchedulingSettings, preferred?: number): number[] {
  const crews = settings.crews.map((_, index) => index + 1);
  return preferred && preferred <= crews.length ? [preferred, ...crews.filter((crew) => crew !== preferred)] : crews;
}

/** Inserts the visit on the first crew free then (the constraint decides), or answers undefined. */
async function placeVisit(
  trx: Knex,
  settings: SchedulingSettings,
  visit: NewVisit,
  preferredCrew?: number,
): Promise<VisitRow | undefined> {
  for (const crew of crewOrder(settings, preferredCrew)) {
    const row = await insertVisitForCrew(trx, visit, crew);
    if (row) return row;
  }
  return undefined;
}

/** Whether a visit of `durationMinutes` can start at `start`: one of the settings' windows, done by closing. */
function windowFor(
  settings: SchedulingSettings,
  start: number,
  durationMinutes: number,
  timeZone: string,
): ArrivalWindow | undefined {
  const window = arrivalWindowAt(settings, start, timeZone);
  return window && start + durationMinutes * MINUTE_MS <= window.close ? window : undefined;
}

/**
 * The series after `last`: each visit at the frequency's interval from the one before it as planned,
 * in the same window when a crew is free, otherwise the next free window (flagged for staff).
 * An occurrence with no free window within FALLBACK_DAYS is left out (staff see the gap in Schedule).
 */
export async function extendSeriesAfter(
  trx: Knex,
  settings: SchedulingSettings,
  timeZone: string,
  booking: BookingRow,
  last: VisitRow,
  until: { count?: number; horizon?: number },
  inherit: CalendarIdentity[] = [],
): Promise<number> {
  const interval = FREQUENCY_INTERVAL_DAYS[booking.frequency];
  if (interval === null) return 0;
  const duration = booking.duration_minutes;
  let planned = last.planned_start.getTime();
  let sequence = last.sequence;
  let added = 0;
  for (let guard = 0; guard < 60; guard++) {
    if (until.count !== undefined && added >= until.count) break;
    planned = addLocalDays(planned, interval, timeZone);
    if (until.horizon !== undefined && planned > until.horizon) break;
    sequence += 1;
    // A re-laid series: each visit takes over the calendar event of the one it replaces, in order.
    const base = {
      booking_id: booking.id,
      lead_id: booking.lead_id,
      sequence,
      planned_start: new Date(planned),
      ...inherit[0],
    };
    const own = windowFor(settings, planned, duration, timeZone);
    // The series' day is closed: the visit goes to the next free window, flagged for staff and named in
    // the customer's booking e-mail.
    const closedDay = isClosedOn(settings, planned, timeZone);
    let placed = own
      ? await placeVisit(
          trx,
          settings,
          {
            ...base,
            starts_at: new Date(planned),
            ends_at: new Date(planned + duration * MINUTE_MS),
            arrival_ends_at: new Date(own.end),
            needs_review: false,
          },
          last.crew,
        )
      : undefined;
    if (!placed) {
      const candidates = await findFreeWindows(trx, {
        settings,
        timeZone,
        from: calendarDateIn(planned, timeZone),
        days: FALLBACK_DAYS,
        durationMinutes: duration,
        earliest: planned + 1,
      });
      for (const window of candidates) {
        placed = await placeVisit(trx, settings, {
          ...base,
          starts_at: new Date(window.start),
          ends_at: new Date(window.start + duration * MINUTE_MS),
          arrival_ends_at: new Date(window.end),
          needs_review: true,
          ...(closedDay ? { flags: [CLOSED_DAY_FLAG] } : {}),
        });
        if (placed) break;
      }
    }
    if (placed) {
      added += 1;
      inherit.shift();
    }
  }
  return added;
}

/** The first visit of a new booking or of a rescheduled series; a SlotRefusedError when nobody is free. */
export async function placeFirstVisit(
  trx: Knex,
  settings: SchedulingSettings,
  timeZone: string,
  booking: BookingRow,
  sequence: number,
  start: number,
  refuse: (message: string) => SlotRefusedError,
  identity?: CalendarIdentity,
  window = windowFor(settings, start, booking.duration_minutes, timeZone),
): Promise<VisitRow> {
  if (!window) throw refuse(BOOKING_MESSAGES.windowUnavailable);
  const visit = await placeVisit(trx, settings, {
    ...identity,
    booking_id: booking.id,
    lead_id: booking.lead_id,
    sequence,
    starts_at: new Date(start),
    ends_at: new Date(start + booking.duration_minutes * MINUTE_MS),
    arrival_ends_at: new Date(window.end),
    planned_start: new Date(start),
    needs_review: false,
  });
  if (!visit)
    throw refuse(
      window.close === Number.POSITIVE_INFINITY ? BOOKING_MESSAGES.noCrewFree : BOOKING_MESSAGES.windowTaken,
    );
  return visit;
}
