// Scheduling (docs/decisions.md, "Scheduling"): the free arrival windows of an accepted quote, the
// customer's booking by the quote's link (book, reschedule, cancel), staff's booking, moves and
// closing of visits, and the recurring series kept ahead. Capacity is the database's: every visit is
// written with ON CONFLICT DO NOTHING (or moved inside a savepoint) against the visits' exclusion
// constraint, so two bookings of one crew's time cannot both commit, in any number of processes.
import {
  ALTERNATIVE_SLOTS,
  type Booking,
  BOOKING_MESSAGES,
  CHANGE_NOTICE_HOURS,
  SERIES_VISITS_AHEAD,
  SLOT_DAYS_DEFAULT,
  type Slot,
  type SlotList,
  type SlotsQuery,
  type StaffBookingRequest,
  type Visit,
  type VisitUpdate,
  type AdminVisit,
  type NewBookingRequest,
  type VisitFlag,
} from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import type { CleaningType, BedroomChoice, BathroomChoice, Frequency } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import { formatCents, parseMoneyToCents } from '@shine/shared/quote-pricing';
import { regularVisitPrice } from '@shine/shared/recurring-revenue';
import type { Quote } from '@shine/shared/responses/quotes';
import {
  type ArrivalWindow,
  addLocalDays,
  arrivalWindowAt,
  arrivalWindows,
  businessDayOf,
  CrewCalendar,
  calendarDateIn,
  FREQUENCY_INTERVAL_DAYS,
  formatArrivalWindow,
  formatInstantIn,
  freeWindows,
  isClosedOn,
  type SchedulingSettings,
  visitDurationMinutes,
} from '@shine/shared/scheduling';
import { SERVICE_ADDRESS_MESSAGES } from '@shine/shared/service-address';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/activities.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrCreateSystemUserId } from '../auth/system-user.service.ts';
import { AppError } from '../http/app-error.ts';
import { type EventVisit, type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/lead-events.service.ts';
import { findAssignableUser } from '../auth/assignable-users.service.ts';
import {
  changeLeadStatusForQuote,
  findLead,
  type LeadHappening,
  lockLeadStatus,
  notifyAboutLead,
} from '../leads/leads.service.ts';
import {
  saveServiceAddress,
  serviceAddressOfLead,
  type VisitContact,
  visitContactsOfLeads,
} from '../leads/service-address.service.ts';
import { createVisitInvoice } from '../payments/invoicing.service.ts';
import { publishLiveEvent } from '../live/live.service.ts';
import { findAcceptedCustomerQuote, lockAcceptedCustomerQuote } from '../quotes/customer-quotes.service.ts';
import { latestAcceptedQuoteOfLead, regularTotalCentsOfQuote } from '../quotes/quotes.service.ts';
import { getSchedulingSettings } from '../settings/scheduling-settings.service.ts';
import {
  type AdminVisitRow,
  type BookingRow,
  type CalendarIdentity,
  cancelScheduledVisitsFrom,
  countCompletedVisitsOfLead,
  deleteScheduledVisitsFrom,
  findActiveBookingOfLead,
  findAdminVisitRow,
  findBookingRow,
  findLastVisitRow,
  findLatestBookingOfQuote,
  findNextScheduledVisitOfLead,
  findNextScheduledVisitRow,
  findVisitRowOfLead,
  hasVisitTakenPlaceOfLead,
  hasVisitTakenPlaceOfQuote,
  insertBookingRow,
  insertVisitForCrew,
  isExclusionViolation,
  listAdminVisitRows,
  listBusyIntervals,
  listScheduledVisitRows,
  listSeriesToExtend,
  listVisitRowsOfBooking,
  lockActiveBookingOfLead,
  lockBookingRow,
  lockVisitRow,
  markBookingCancelled,
  measureScheduleFigures,
  readScheduleVersion,
  type NewVisit,
  updateVisitRow,
  type VisitRow,
  upcomingVisitsQuery,
} from './scheduling.queries.ts';

const MINUTE_MS = 60_000;
/** A series' visit moved off a closed day when it was laid. */
const CLOSED_DAY_FLAG: VisitFlag = 'moved_closed_day';
const HOUR_MS = 60 * MINUTE_MS;
/** A recurring visit whose own window is taken goes to the next free window within this many days. */
const FALLBACK_DAYS = 14;
/** How many visits a booking's answer lists (from the first not yet over). */
const BOOKING_VISITS_SHOWN = 12;

/** A start the customer or staff cannot have: 409 with the next free windows (the route adds them). */
export class SlotRefusedError extends AppError {
  readonly spec: ServiceSpec;
  readonly from: number;
  readonly earliest: number;

  constructor(message: string, spec: ServiceSpec, from: number, earliest: number) {
    super(409, message);
    this.spec = spec;
    this.from = from;
    this.earliest = earliest;
  }
}

/** What is booked: the cleaning (its duration) and its prices. */
export interface ServiceSpec {
  cleaningType: CleaningType;
  bedrooms: BedroomChoice;
  bathrooms: BathroomChoice;
  frequency: Frequency;
  quoteId: string | null;
  firstVisitCents: number | null;
  perVisitCents: number | null;
}

function specOfQuote(quote: Quote): ServiceSpec {
  return {
    cleaningType: quote.cleaning.cleaningType,
    bedrooms: quote.cleaning.bedrooms,
    bathrooms: quote.cleaning.bathrooms,
    frequency: quote.cleaning.frequency,
    quoteId: quote.id,
    firstVisitCents: parseMoneyToCents(quote.total) ?? null,
    perVisitCents: parseMoneyToCents(regularVisitPrice(quote)) ?? null,
  };
}

/** A lead without an accepted quote: its own request says what and how often; no price is promised. */
function specOfLead(lead: Lead): ServiceSpec | undefined {
  const { cleaningType, bedrooms, bathrooms, frequency } = lead;
  if (!cleaningType || !bedrooms || !bathrooms || !frequency) return undefined;
  return {
    cleaningType: cleaningType as CleaningType,
    bedrooms: bedrooms as BedroomChoice,
    bathrooms: bathrooms as BathroomChoice,
    frequency: frequency as Frequency,
    quoteId: null,
    firstVisitCents: null,
    perVisitCents: null,
  };
}

const durationOf = (spec: ServiceSpec) => visitDurationMinutes(spec.cleaningType, spec.bedrooms, spec.bathrooms);

/** The customer may book from now plus the cleaning type's lead time. */
const customerEarliest = (settings: SchedulingSettings, spec: ServiceSpec, now: Date) =>
  now.getTime() + settings.leadTimeHours[spec.cleaningType] * HOUR_MS;

/** The last start a customer may book or move to themselves: the settings' horizon from now. */
const customerLatest = (settings: SchedulingSettings, now: Date) =>
  now.getTime() + settings.bookingHorizonWeeks * 7 * 24 * HOUR_MS;

/**
 * A customer's start past the horizon: 409 with the next free windows from the earliest a customer
 * may book (not from the far-off start asked for), as for a window that is not free.
 */
function refuseBeyondHorizon(
  settings: SchedulingSettings,
  spec: ServiceSpec,
  start: number,
  earliest: number,
  now: Date,
): void {
  if (start > customerLatest(settings, now)) {
    throw new SlotRefusedError(BOOKING_MESSAGES.beyondHorizon(settings.bookingHorizonWeeks), spec, earliest, earliest);
  }
}

/** Whether a One Time quote is used up: its visit has been completed or has begun. */
export async function isOneTimeUsedUp(db: Knex, quote: Quote, now: Date): Promise<boolean> {
  return quote.cleaning.frequency === 'One Time' && hasVisitTakenPlaceOfQuote(db, quote.id, now);
}

/** A used-up One Time quote: 409, nothing more is booked, moved or cancelled by its link. */
async function refuseUsedUpOneTime(db: Knex, quote: Quote, now: Date): Promise<void> {
  if (await isOneTimeUsedUp(db, quote, now))
    throw new AppError(409, BOOKING_MESSAGES.oneTimeDone(DEFAULT_COMPANY.phone));
}

// ---------------------------------------------------------------------------------------------
// Free windows

/** The free arrival windows of `days` days from `from`, for a visit of `durationMinutes`. */
export async function findFreeWindows(
  db: Knex,
  args: {
    settings: SchedulingSettings;
    timeZone: string;
    from: string;
    days: number;
    durationMinutes: number;
    earliest: number;
  },
): Promise<ArrivalWindow[]> {
  const windows = arrivalWindows(args.settings, args.from, args.days, args.timeZone);
  const first = windows[0];
  if (!first) return [];
  const last = Math.max(...windows.map((window) => window.close));
  const busy = await listBusyIntervals(db, new Date(first.start), new Date(last));
  const calendar = new CrewCalendar(
    busy.map((row) => ({ crew: row.crew, start: row.starts_at.getTime(), end: row.ends_at.getTime() })),
  );
  return freeWindows({ ...args, windows, calendar });
}

const toSlot = (window: ArrivalWindow, timeZone: string): Slot => ({
  start: formatInstantIn(window.start, timeZone),
  end: formatInstantIn(window.end, timeZone),
});

/** GET /api/quotes/{token}/slots: the windows the customer can book now (409 before acceptance). */
export async function customerSlots(
  db: Knex,
  token: string,
  query: SlotsQuery,
  timeZone: string,
  now: Date,
): Promise<SlotList> {
  const quote = await findAcceptedCustomerQuote(db, token, now);
  await refuseUsedUpOneTime(db, quote, now);
  const spec = specOfQuote(quote);
  const settings = await getSchedulingSettings(db);
  const durationMinutes = durationOf(spec);
  const windows = await findFreeWindows(db, {
    settings,
    timeZone,
    from: query.from ?? calendarDateIn(now.getTime(), timeZone),
    days: query.days,
    durationMinutes,
    earliest: customerEarliest(settings, spec, now),
  });
  // Never a window past the horizon, whatever `from` asks for.
  const latest = customerLatest(settings, now);
  return {
    timezone: timeZone,
    durationMinutes,
    slots: windows.filter((window) => window.start <= latest).map((window) => toSlot(window, timeZone)),
  };
}

/** The service a lead is booked for: its newest accepted quote, else its own request (no price); undefined when neither says. */
async function specForLead(db: Knex, lead: Lead, now: Date): Promise<ServiceSpec | undefined> {
  const quote = await latestAcceptedQuoteOfLead(db, lead.id, now);
  return quote ? specOfQuote(quote) : specOfLead(lead);
}

/**
 * GET /api/admin/leads/{id}/slots: the windows the customer would see on the quote page (the same
 * rules: the lead time, closing, a free crew), for staff booking on the customer's behalf.
 */
export async function leadSlots(
  db: Knex,
  leadId: string,
  query: SlotsQuery,
  timeZone: string,
  now: Date,
): Promise<SlotList> {
  const lead = await findLead(db, leadId);
  if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
  const spec = await specForLead(db, lead, now);
  if (!spec) throw new AppError(409, BOOKING_MESSAGES.noAcceptedQuote);
  const settings = await getSchedulingSettings(db);
  const durationMinutes = durationOf(spec);
  const windows = await findFreeWindows(db, {
    settings,
    timeZone,
    from: query.from ?? calendarDateIn(now.getTime(), timeZone),
    days: query.days,
    durationMinutes,
    earliest: customerEarliest(settings, spec, now),
  });
  return { timezone: timeZone, durationMinutes, slots: windows.map((window) => toSlot(window, timeZone)) };
}

/** After a refusal: the next free windows from the day asked for (or the earliest bookable day). */
export async function alternativeSlots(db: Knex, refused: SlotRefusedError, timeZone: string): Promise<Slot[]> {
  const settings = await getSchedulingSettings(db);
  const from = Math.max(refused.from, refused.earliest);
  const windows = await findFreeWindows(db, {
    settings,
    timeZone,
    from: calendarDateIn(from, timeZone),
    days: SLOT_DAYS_DEFAULT,
    durationMinutes: durationOf(refused.spec),
    earliest: refused.earliest,
  });
  return windows.slice(0, ALTERNATIVE_SLOTS).map((window) => toSlot(window, timeZone));
}

// ---------------------------------------------------------------------------------------------
// Placing visits

/** The crews to try, `preferred` first. */
function crewOrder(settings: SchedulingSettings, preferred?: number): number[] {
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
async function extendSeriesAfter(
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
async function placeFirstVisit(
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

// ---------------------------------------------------------------------------------------------
// Answers

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
const windowWords = (visit: Pick<VisitRow, 'starts_at' | 'arrival_ends_at'>, timeZone: string) =>
  formatArrivalWindow(visit.starts_at.getTime(), visit.arrival_ends_at.getTime(), timeZone);

/**
 * The lead's assignee (or the person on duty) hears of a visit booked, moved or cancelled, as a
 * quote's answer is heard of; the colleague who did it (`actorId`) is not told of their own change.
 */
async function notifyOfVisit(
  trx: Knex,
  leadId: string,
  happening: (byName: string | null) => LeadHappening,
  context: { actorId: string | null; now: Date; timeZone: string },
): Promise<void> {
  const actor = context.actorId ? await findAssignableUser(trx, context.actorId) : undefined;
  const byName = context.actorId ? (actor?.name ?? 'A colleague') : null;
  await notifyAboutLead(trx, leadId, happening(byName), context);
}

function toVisit(row: VisitRow, timeZone: string): Visit {
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

async function toBooking(db: Knex, row: BookingRow, timeZone: string, now: Date): Promise<Booking> {
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
async function toAdminVisits(db: Knex, rows: readonly AdminVisitRow[], timeZone: string): Promise<AdminVisit[]> {
  const [contacts, settings] = await Promise.all([
    visitContactsOfLeads(
      db,
      rows.map((row) => row.lead_id),
    ),
    getSchedulingSettings(db),
  ]);
  return rows.map((row) => toAdminVisit(row, contacts.get(row.lead_id), timeZone, settings.closedDates));
}

// ---------------------------------------------------------------------------------------------
// Booking

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
function eventVisitOf(visit: VisitRow): EventVisit {
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
async function createBooking(
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

/** A cancellation: the booking now, and the visits it cancelled (for the customer's e-mail). */
export interface BookingCancellation {
  booking: Booking;
  cancelled: VisitRow[];
}

/**
 * Cancels a booking: its visits still to come, then the booking; the timeline says who did it and the
 * lead's people hear of it (not the colleague who did it).
 */
async function cancelBooking(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  booking: BookingRow,
  next: VisitRow | undefined,
  by: { actorId: string | null; subject: string; description: string; link?: string },
  context: { now: Date; timeZone: string },
): Promise<{ row: BookingRow; cancelled: VisitRow[] }> {
  const { now, timeZone } = context;
  const visitsCancelled = await cancelScheduledVisitsFrom(trx, booking.id, now, now);
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
    if (visit.status === 'skipped') return booking;
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
        leadId: booking.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Customer skipped a visit: ${when}`,
        description: 'Skipped on the quote page; the rest of the series stays as booked.',
      },
      now,
    );
    await publishLiveEvent(trx, { type: 'visits.changed', leadId: booking.lead_id });
    await notifyOfVisit(
      trx,
      booking.lead_id,
      (byName) => ({ kind: 'visit_cancelled', when: windowWords(skipped, timeZone), byName, skipped: true }),
      { actorId: null, now, timeZone },
    );
    await outbox.visitsCancelled(booking.lead_id, {
      visits: [eventVisitOf(skipped)],
      by: 'customer',
      whole: false,
      skipped: true,
      ...(link ? { link } : {}),
    });
    return booking;
  });
  return toBooking(db, row, timeZone, now);
}

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

// ---------------------------------------------------------------------------------------------
// Staff's schedule

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
async function moveVisit(
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
    // The customer hears of a cancellation (the file removes the event), a move (the new times) or a
    // cancelled visit put back (the file adds it again, one revision on).
    if (cancelled) {
      await outbox.visitsCancelled(visit.lead_id, {
        visits: [eventVisitOf(cancelled)],
        by: 'staff',
        whole: false,
        ...(skipped ? { skipped: true } : {}),
        actorId,
      });
    } else if (moving || restored) {
      await outbox.bookingChanged(visit.lead_id, {
        bookingId: visit.booking_id,
        change: moving ? 'moved' : 'restored',
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
