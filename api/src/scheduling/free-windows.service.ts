// Scheduling (docs/decisions.md, "Scheduling"): what is booked (the service of an accepted quote, or of a
// lead's own request), the customer's lead time and horizon, the start refused with the next free windows
// (SlotRefusedError), and the free arrival windows the customer or staff may book. The visits themselves
// are placed by visit-placement.ts.
import {
  ALTERNATIVE_SLOTS,
  BOOKING_MESSAGES,
  type Slot,
  SLOT_DAYS_DEFAULT,
  type SlotList,
  type SlotsQuery,
  type VisitFlag,
} from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import type { BathroomChoice, BedroomChoice, CleaningType, Frequency } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import { parseMoneyToCents } from '@shine/shared/quote-pricing';
import { regularVisitPrice } from '@shine/shared/recurring-revenue';
import type { Quote } from '@shine/shared/responses/quotes';
import {
  type ArrivalWindow,
  arrivalWindows,
  calendarDateIn,
  CrewCalendar,
  formatInstantIn,
  freeWindows,
  type SchedulingSettings,
  visitDurationMinutes,
} from '@shine/shared/scheduling';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { findLead } from '../leads/index.ts';
import { findAcceptedCustomerQuote, latestAcceptedQuoteOfLead } from '../quotes/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { hasVisitTakenPlaceOfQuote, listBusyIntervals } from './scheduling.queries.ts';

export const MINUTE_MS = 60_000;
/** A series' visit moved off a closed day when it was laid. */
export const CLOSED_DAY_FLAG: VisitFlag = 'moved_closed_day';
export const HOUR_MS = 60 * MINUTE_MS;

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

export function specOfQuote(quote: Quote): ServiceSpec {
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

export const durationOf = (spec: ServiceSpec) => visitDurationMinutes(spec.cleaningType, spec.bedrooms, spec.bathrooms);

/** The customer may book from now plus the cleaning type's lead time. */
export const customerEarliest = (settings: SchedulingSettings, spec: ServiceSpec, now: Date) =>
  now.getTime() + settings.leadTimeHours[spec.cleaningType] * HOUR_MS;

/** The last start a customer may book or move to themselves: the settings' horizon from now. */
const customerLatest = (settings: SchedulingSettings, now: Date) =>
  now.getTime() + settings.bookingHorizonWeeks * 7 * 24 * HOUR_MS;

/**
 * A customer's start past the horizon: 409 with the next free windows from the earliest a customer
 * may book (not from the far-off start asked for), as for a window that is not free.
 */
export function refuseBeyondHorizon(
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
export async function refuseUsedUpOneTime(db: Knex, quote: Quote, now: Date): Promise<void> {
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
  // Never a window past the horizon, whatever `from` asks for.
  return slotsFor(db, specOfQuote(quote), query, timeZone, now, { withinHorizon: true });
}

/** The free windows for a visit of `spec` as the customer is offered them (the lead time, closing, a free crew). */
async function slotsFor(
  db: Knex,
  spec: ServiceSpec,
  query: SlotsQuery,
  timeZone: string,
  now: Date,
  options: { withinHorizon: boolean },
): Promise<SlotList> {
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
  const latest = options.withinHorizon ? customerLatest(settings, now) : Number.POSITIVE_INFINITY;
  return {
    timezone: timeZone,
    durationMinutes,
    slots: windows.filter((window) => window.start <= latest).map((window) => toSlot(window, timeZone)),
  };
}

/** The service a lead is booked for: its newest accepted quote, else its own request (no price); undefined when neither says. */
export async function specForLead(db: Knex, lead: Lead, now: Date): Promise<ServiceSpec | undefined> {
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
  // Staff may book past the customer's horizon.
  return slotsFor(db, spec, query, timeZone, now, { withinHorizon: false });
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
