// Scheduling (docs/decisions.md, "Scheduling"): staff's Schedule: the visits of a range and of the
// business day, and staff's change of one visit: moved (inside a savepoint, against the visits' exclusion
// constraint), started, completed, cancelled, skipped or put back.
import { type AdminVisit, type Booking, BOOKING_MESSAGES, type VisitUpdate } from '@shine/shared/bookings';
import { businessDayOf } from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { recordAudit } from '../audit/index.ts';
import { AppError } from '../http/app-error.ts';
import { type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/index.ts';
import type { LeadHappening } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { createVisitInvoice } from '../payments/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { crewOrder } from './visit-placement.ts';
import {
  describeArrival,
  notifyOfVisit,
  toAdminVisits,
  toBooking,
  toVisit,
  windowWords,
} from './visit-answers.service.ts';
import { eventVisitOf } from './booking-core.ts';
import {
  findAdminVisitRow,
  findBookingRow,
  isExclusionViolation,
  listAdminVisitRows,
  listScheduledVisitRows,
  lockVisitRow,
  updateVisitRow,
  type VisitRow,
} from './scheduling.queries.ts';

/** GET /api/admin/visits?from=&to=: every visit starting in the range, by start and crew. */
export async function listVisits(db: Knex, from: Date, to: Date, timeZone: string): Promise<AdminVisit[]> {
  return toAdminVisits(db, await listAdminVisitRows(db, from, to), timeZone);
}

export interface DayVisit {
  id: string;
  leadId: string;
  start: string;
  arrivalEnd: string;
  end: string;
  crew: number;
  crewName: string;
}

/**
 * The scheduled visits of the business day holding `now` (BUSINESS_TIMEZONE: its local midnight to
 * the next, whatever daylight saving does), by start and crew. `leadIds`: only those leads' visits.
 */
export async function listScheduledVisitsOfDay(
  db: Knex,
  now: Date,
  timeZone: string,
  leadIds: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<DayVisit[]> {
  const day = businessDayOf(now.getTime(), timeZone);
  const [rows, settings] = await Promise.all([
    listScheduledVisitRows(db, { from: new Date(day.start), to: new Date(day.end) }, leadIds, limit),
    getSchedulingSettings(db),
  ]);
  return rows.map((row) => ({
    ...toVisit(row, timeZone),
    leadId: row.lead_id,
    crewName: settings.crews[row.crew - 1] ?? `Crew ${row.crew}`,
  }));
}

/** Moves `visit` to `start` on `crew`, or the first crew free then; 409 when none is (the constraint decides). */
export async function moveVisit(
  trx: Knex.Transaction,
  visit: VisitRow,
  start: number,
  crews: number[],
  now: Date,
): Promise<VisitRow> {
  const length = visit.ends_at.getTime() - visit.starts_at.getTime();
  const arrival = visit.arrival_ends_at.getTime() - visit.starts_at.getTime();
  for (const crew of crews) {
    try {
      // A savepoint: a refused move rolls back alone, and the next crew is tried.
      return await trx.transaction((savepoint) =>
        updateVisitRow(
          savepoint,
          visit.id,
          {
            crew,
            starts_at: new Date(start),
            ends_at: new Date(start + length),
            arrival_ends_at: new Date(start + arrival),
            needs_review: false,
            // Staff placed it themselves: nothing left to check.
            flags: [],
          },
          now,
          true,
        ),
      );
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
    }
  }
  throw new AppError(409, BOOKING_MESSAGES.crewBusy);
}

/** What a staff change of a visit tells the lead's people: a move, a cancellation, a visit put back; nothing for a completion. */
function visitHappening(
  before: VisitRow,
  after: VisitRow,
  moved: boolean,
  timeZone: string,
): ((byName: string | null) => LeadHappening) | undefined {
  if (moved) return (byName) => ({ kind: 'visit_rescheduled', when: windowWords(after, timeZone), byName });
  if (after.status === before.status) return undefined;
  if (after.status === 'cancelled' || after.status === 'skipped') {
    const skipped = after.status === 'skipped';
    return (byName) => ({ kind: 'visit_cancelled', when: windowWords(after, timeZone), byName, skipped });
  }
  if (after.status === 'scheduled')
    return (byName) => ({ kind: 'visit_booked', when: windowWords(after, timeZone), byName, restored: true });
  return undefined;
}

/** The completed visit's invoice (payments feature), priced from its booking; made once. */
async function invoiceCompletedVisit(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  visit: VisitRow,
  now: Date,
): Promise<void> {
  const booking = await findBookingRow(trx, visit.booking_id);
  if (!booking) return;
  await createVisitInvoice(
    trx,
    outbox,
    {
      id: visit.id,
      leadId: visit.lead_id,
      sequence: visit.sequence,
      endsAt: visit.ends_at,
      booking: {
        quoteId: booking.quote_id,
        firstVisitCents: booking.first_visit_cents,
        perVisitCents: booking.per_visit_cents,
      },
    },
    now,
  );
}

export interface VisitChange {
  visit: AdminVisit;
  /** The visit's booking after a move (for the customer's e-mail). */
  booking: Booking | undefined;
  /** The visit was moved (the customer is told) or completed (the rules hear of it). */
  moved: boolean;
  completed: boolean;
  /** The visit as cancelled by this change (the customer is told), or undefined. */
  cancelled: VisitRow | undefined;
  /** A cancelled visit was put back (the customer is told). */
  restored: boolean;
}

/** PATCH /api/admin/visits/{id}: staff move a visit (start, crew) or close it (completed, cancelled). */
export async function updateVisit(
  db: Knex,
  actorId: string,
  id: string,
  update: VisitUpdate,
  timeZone: string,
  now: Date,
): Promise<VisitChange> {
  const change = await withLeadEventOutbox(db, async (trx, outbox) => {
    const visit = await lockVisitRow(trx, id);
    if (!visit) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
    const settings = await getSchedulingSettings(trx);
    let current = visit;
    const moving =
      (update.start !== undefined && Date.parse(update.start) !== visit.starts_at.getTime()) ||
      (update.crew !== undefined && update.crew !== visit.crew);
    if (update.crew !== undefined && update.crew > settings.crews.length) {
      throw new AppError(400, BOOKING_MESSAGES.visitCrewUnknown, [
        { path: 'crew', message: BOOKING_MESSAGES.visitCrewUnknown },
      ]);
    }
    if (moving) {
      if (visit.status !== 'scheduled' || (update.status !== undefined && update.status !== 'scheduled')) {
        throw new AppError(409, BOOKING_MESSAGES.visitClosed);
      }
      const start = update.start !== undefined ? Date.parse(update.start) : visit.starts_at.getTime();
      const crews = update.crew !== undefined ? [update.crew] : crewOrder(settings, visit.crew);
      current = await moveVisit(trx, visit, start, crews, now);
    }
    const completed = update.status === 'completed' && visit.status !== 'completed';
    // A cleaning that has not begun has not happened: completing it (and asking for a review) early
    // takes staff's confirmation.
    if (completed && now.getTime() < current.starts_at.getTime() && update.confirmEarly !== true) {
      throw new AppError(409, BOOKING_MESSAGES.visitNotBegun);
    }
    // Only a visit still to happen is skipped (a past one is completed or cancelled instead).
    if (
      update.status === 'skipped' &&
      visit.status !== 'skipped' &&
      (visit.status !== 'scheduled' || current.starts_at.getTime() <= now.getTime())
    ) {
      throw new AppError(409, BOOKING_MESSAGES.visitNotSkippable);
    }
    if (update.status !== undefined && update.status !== visit.status) {
      try {
        current = await trx.transaction((savepoint) =>
          // A cancellation or a visit put back changes the customer's calendar; a completion does not.
          updateVisitRow(savepoint, visit.id, { status: update.status }, now, update.status !== 'completed'),
        );
      } catch (error) {
        // Reopening a cancelled visit whose crew took other work meanwhile.
        if (isExclusionViolation(error)) throw new AppError(409, BOOKING_MESSAGES.crewBusy);
        throw error;
      }
    }
    // The crew's Start: when they began (a visit still scheduled; its time is no news to the customer).
    if (update.started !== undefined && (current.started_at !== null) !== update.started) {
      if (current.status !== 'scheduled') throw new AppError(409, BOOKING_MESSAGES.visitClosed);
      current = await updateVisitRow(trx, visit.id, { started_at: update.started ? now : null }, now);
    }
    if (moving || update.status !== undefined) {
      const when = describeArrival(current.starts_at, current.arrival_ends_at, timeZone);
      const subject = moving ? `Visit moved to ${when}, crew ${current.crew}` : `Visit ${current.status}: ${when}`;
      await recordSystemActivity(
        trx,
        {
          leadId: visit.lead_id,
          userId: actorId,
          type: 'note',
          subject,
          description: moving
            ? `Was ${describeArrival(visit.starts_at, visit.arrival_ends_at, timeZone)}, crew ${visit.crew}.`
            : `Marked ${current.status} by staff.`,
        },
        now,
      );
      await publishLiveEvent(trx, { type: 'visits.changed', leadId: visit.lead_id });
    }
    const happening = visitHappening(visit, current, moving, timeZone);
    if (happening) await notifyOfVisit(trx, visit.lead_id, happening, { actorId, now, timeZone });
    if (completed) {
      await outbox.visitEvent(visit.lead_id, 'visit_completed');
      await invoiceCompletedVisit(trx, outbox, current, now);
    }
    const skipped = current.status === 'skipped' && visit.status !== 'skipped';
    if (skipped) {
      await recordAudit(trx, {
        actorId,
        entity: 'lead',
        entityId: visit.lead_id,
        leadId: visit.lead_id,
        action: 'visit_skipped',
        before: { visit: visit.id, status: visit.status, start: visit.starts_at.toISOString() },
        after: { visit: visit.id, status: current.status },
      });
    }
    const cancelled = (current.status === 'cancelled' && visit.status !== 'cancelled') || skipped ? current : undefined;
    const restored = current.status === 'scheduled' && (visit.status === 'cancelled' || visit.status === 'skipped');
    // The customer hears of a cancellation (the file removes the event), a move to another time (the
    // new times) or a cancelled visit put back (the file adds it again, one revision on). Another crew
    // at the same time is the company's matter: nothing they see changes (docs/decisions.md).
    const retimed = current.starts_at.getTime() !== visit.starts_at.getTime();
    if (cancelled) {
      await outbox.visitsCancelled(visit.lead_id, {
        visits: [eventVisitOf(cancelled)],
        by: 'staff',
        whole: false,
        ...(skipped ? { skipped: true } : {}),
        actorId,
      });
    } else if (retimed || restored) {
      await outbox.bookingChanged(visit.lead_id, {
        bookingId: visit.booking_id,
        change: retimed ? 'moved' : 'restored',
        withdrawn: [],
        actorId,
      });
    }
    return { moved: moving, completed, cancelled, restored };
  });
  const row = await findAdminVisitRow(db, id);
  if (!row) throw new AppError(404, BOOKING_MESSAGES.visitNotFound);
  const bookingRow = change.moved || change.restored ? await findBookingRow(db, row.booking_id) : undefined;
  return {
    visit: (await toAdminVisits(db, [row], timeZone))[0] as AdminVisit,
    booking: bookingRow ? await toBooking(db, bookingRow, timeZone, now) : undefined,
    ...change,
  };
}
