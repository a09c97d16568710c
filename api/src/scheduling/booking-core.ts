// Scheduling (docs/decisions.md, "Scheduling"): what the customer's booking by the quote's link and
// staff's booking share: a new booking with its first visit and (recurring) the series ahead, the lead
// becoming Won, and the cancellation of a booking with its visits still to come.
import { type Booking, BOOKING_MESSAGES, SERIES_VISITS_AHEAD } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import type { ArrivalWindow, SchedulingSettings } from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { AppError } from '../http/app-error.ts';
import type { EventVisit, LeadEventOutbox } from '../lead-events/index.ts';
import { changeLeadStatusForQuote, lockLeadStatus } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { regularTotalCentsOfQuote } from '../quotes/index.ts';
import { durationOf, MINUTE_MS, type ServiceSpec, SlotRefusedError } from './free-windows.service.ts';
import { extendSeriesAfter, placeFirstVisit } from './visit-placement.ts';
import { describeArrival, notifyOfVisit, windowWords } from './visit-answers.service.ts';
import {
  type BookingRow,
  cancelScheduledVisitsFrom,
  hasVisitTakenPlaceOfLead,
  insertBookingRow,
  markBookingCancelled,
  type VisitRow,
} from './scheduling.queries.ts';

/** A start staff chose themselves: an arrival window of the settings' length, no closing time. */
function staffChosenWindow(settings: SchedulingSettings, start: number): ArrivalWindow {
  return { start, end: start + settings.windowMinutes * MINUTE_MS, close: Number.POSITIVE_INFINITY };
}

interface BookingContext {
  settings: SchedulingSettings;
  timeZone: string;
  now: Date;
}

/**
 * The first visit's price: the quote's total, unless a visit of the lead has already taken place,
 * when WELCOME40 (first cleaning only, once per customer) is spent and the regular price applies.
 */
async function firstVisitCentsOf(trx: Knex, leadId: string, spec: ServiceSpec, now: Date): Promise<number | null> {
  if (!spec.quoteId || !(await hasVisitTakenPlaceOfLead(trx, leadId, now))) return spec.firstVisitCents;
  return (await regularTotalCentsOfQuote(trx, spec.quoteId)) ?? spec.firstVisitCents;
}

/** A visit as its calendar event in a lead event's payload. */
export function eventVisitOf(visit: VisitRow): EventVisit {
  return {
    calendar_uid: visit.calendar_uid,
    calendar_sequence: visit.calendar_sequence,
    starts_at: visit.starts_at.toISOString(),
    ends_at: visit.ends_at.toISOString(),
    arrival_ends_at: visit.arrival_ends_at.toISOString(),
    status: visit.status,
  };
}

/** A new booking with its first visit and (recurring) the series ahead; the lead becomes Won. */
export async function createBooking(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  context: BookingContext,
  args: {
    leadId: string;
    spec: ServiceSpec;
    start: number;
    earliest: number;
    actorId: string | null;
    /** The customer's quote page, for the confirmation's link (the customer's own booking). */
    link?: string;
    /** Staff's own time: any start from `earliest`, its arrival window as long as the settings' windows. */
    ownTime?: true;
  },
): Promise<BookingRow> {
  const { settings, timeZone, now } = context;
  const refuse = (message: string) => new SlotRefusedError(message, args.spec, args.start, args.earliest);
  if (args.start < args.earliest)
    throw refuse(args.ownTime ? BOOKING_MESSAGES.startPassed : BOOKING_MESSAGES.windowUnavailable);
  const booking = await insertBookingRow(trx, {
    lead_id: args.leadId,
    quote_id: args.spec.quoteId,
    frequency: args.spec.frequency,
    duration_minutes: durationOf(args.spec),
    first_visit_cents: await firstVisitCentsOf(trx, args.leadId, args.spec, now),
    per_visit_cents: args.spec.perVisitCents,
    created_by: args.actorId,
    created_at: now,
  });
  const ownWindow = args.ownTime ? staffChosenWindow(settings, args.start) : undefined;
  const first = await placeFirstVisit(trx, settings, timeZone, booking, 1, args.start, refuse, undefined, ownWindow);
  await extendSeriesAfter(trx, settings, timeZone, booking, first, { count: SERIES_VISITS_AHEAD - 1 });
  // Locked after the booking, as every booking path orders its locks: staff closing the lead as Lost
  // meanwhile is seen here, and a customer's link never reopens a Lost lead (the whole booking rolls back).
  const status = await lockLeadStatus(trx, args.leadId);
  if (status === 'Lost' && args.actorId === null) {
    throw new AppError(410, API_ERRORS.quoteLinkClosed(DEFAULT_COMPANY.phone));
  }
  if (status && status !== 'Won') await changeLeadStatusForQuote(trx, outbox, args.actorId, args.leadId, 'Won');
  await recordSystemActivity(
    trx,
    {
      leadId: args.leadId,
      userId: args.actorId ?? (await findOrCreateSystemUserId(trx)),
      type: 'note',
      subject: `Cleaning booked: ${describeArrival(first.starts_at, first.arrival_ends_at, timeZone)}`,
      description: `${args.spec.cleaningType} cleaning, ${args.spec.frequency}, ${booking.duration_minutes} minutes, ${settings.crews[first.crew - 1] ?? `crew ${first.crew}`}. Booked ${args.actorId ? (args.ownTime ? 'by staff at a time of their choosing' : 'by staff') : 'by the customer from the quote page'}.`,
    },
    now,
  );
  await publishLiveEvent(trx, { type: 'visits.changed', leadId: args.leadId });
  await notifyOfVisit(
    trx,
    args.leadId,
    (byName) => ({ kind: 'visit_booked', when: windowWords(first, timeZone), byName }),
    { actorId: args.actorId, now, timeZone },
  );
  await outbox.visitEvent(args.leadId, 'visit_booked', {
    bookingId: booking.id,
    ...(args.actorId ? { actorId: args.actorId } : {}),
    ...(args.link ? { link: args.link } : {}),
  });
  return booking;
}

/** A cancellation: the booking now, and the visits it cancelled (for the customer's e-mail). */
export interface BookingCancellation {
  booking: Booking;
  cancelled: VisitRow[];
}

/**
 * Cancels a booking: its visits still to come, then the booking; the timeline says who did it and the
 * lead's people hear of it (not the colleague who did it).
 */
export async function cancelBooking(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  booking: BookingRow,
  next: VisitRow | undefined,
  by: { actorId: string | null; subject: string; description: string; link?: string },
  /** `from`: the series is cancelled from then on (a visit before it stays as booked); now by default. */
  context: { now: Date; timeZone: string; from?: Date },
): Promise<{ row: BookingRow; cancelled: VisitRow[] }> {
  const { now, timeZone } = context;
  const visitsCancelled = await cancelScheduledVisitsFrom(trx, booking.id, context.from ?? now, now);
  const row = await markBookingCancelled(trx, booking.id, now);
  await recordSystemActivity(
    trx,
    {
      leadId: booking.lead_id,
      userId: by.actorId ?? (await findOrCreateSystemUserId(trx)),
      type: 'note',
      subject: by.subject,
      description: by.description,
    },
    now,
  );
  await publishLiveEvent(trx, { type: 'visits.changed', leadId: booking.lead_id });
  if (next) {
    await notifyOfVisit(
      trx,
      booking.lead_id,
      (byName) => ({
        kind: 'visit_cancelled',
        when: windowWords(next, timeZone),
        byName,
        series: visitsCancelled.length > 1,
      }),
      { actorId: by.actorId, now, timeZone },
    );
  }
  await outbox.visitsCancelled(booking.lead_id, {
    visits: visitsCancelled.map(eventVisitOf),
    by: by.actorId ? 'staff' : 'customer',
    whole: true,
    ...(by.actorId ? { actorId: by.actorId } : {}),
    ...(by.link ? { link: by.link } : {}),
  });
  return { row, cancelled: visitsCancelled };
}
