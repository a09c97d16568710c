// Bookings and visits: what a customer (by the quote's link) and staff send to book, move and cancel
// visits, what the API answers, and the words both say (docs/decisions.md, "Scheduling").
import { z } from 'zod';
import { dateTimeSchema } from './date-range.ts';
import { FREQUENCIES } from './enums.ts';
import { uuidSchema } from './leads.ts';
import { idSchema, instantSchema } from './responses/common.ts';
import { moneySchema } from './responses/quotes.ts';
import { customerServiceAddressSchema, serviceAddressInputSchema, serviceAddressSchema } from './service-address.ts';

/** skipped: one visit of a series left out (customer or staff); the rest of the series is unchanged. */
export const VISIT_STATUSES = ['scheduled', 'completed', 'cancelled', 'skipped'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/**
 * What staff should check on a visit (GET /api/admin/visits): moved_closed_day, a recurring visit
 * moved off a closed day when its series was laid; on_closed_day, a visit on a date closed after it
 * was booked (it is not moved: staff move or skip it).
 */
export const VISIT_FLAGS = ['moved_closed_day', 'on_closed_day'] as const;
export type VisitFlag = (typeof VISIT_FLAGS)[number];

export const BOOKING_STATUSES = ['active', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** How far ahead the quote page offers windows (three weeks), and the most one call may ask for. */
export const SLOT_DAYS_DEFAULT = 21;
export const SLOT_DAYS_MAX = 42;
/** The customer may move or cancel a visit until this long before it (docs/requirements.md). */
export const CHANGE_NOTICE_HOURS = 24;
/** A recurring series keeps at least this many visits ahead on the calendar. */
export const SERIES_VISITS_AHEAD = 6;
/** How many free windows a refusal offers instead. */
export const ALTERNATIVE_SLOTS = 6;

export const BOOKING_MESSAGES = {
  policy: 'Changes and cancellations need at least 24 hours’ notice to avoid a cancellation fee.',
  tooLate: (phone: string) =>
    `Changes and cancellations need at least 24 hours’ notice to avoid a cancellation fee. Please call us at ${phone}.`,
  notAccepted: 'Accept the quote first: then you can pick your cleaning’s arrival window.',
  windowTaken: 'That arrival window was just taken. Please pick another one.',
  windowUnavailable: 'That time is not one of our free arrival windows. Please pick one from the list.',
  startPassed: 'That time has passed. Pick a time still to come.',
  noCrewFree: 'Every crew has a visit then. Pick another time.',
  alreadyBooked: 'This quote is already booked. Reschedule or cancel the booking instead.',
  noBooking: 'This quote has no booking yet.',
  leadHasNoBooking: 'This lead has no active booking to cancel.',
  bookingCancelled: 'This booking was cancelled.',
  bookingNotFound: 'Booking not found',
  bookingAlreadyCancelled: 'This booking is already cancelled.',
  oneTimeDone: (phone: string) =>
    `Your one-time cleaning has taken place, so this booking can no longer be changed, cancelled or booked again. For another cleaning, call us at ${phone}.`,
  visitNotFound: 'Visit not found',
  visitNotSkippable: 'Only a visit still to come can be skipped.',
  oneTimeNotSkippable: 'A one-time cleaning cannot be skipped: cancel the booking instead.',
  visitCrewUnknown: 'There is no crew with that number: see Settings → Scheduling.',
  visitClosed: 'Only a scheduled visit can be moved.',
  visitNotBegun:
    'This visit’s arrival window has not started yet. Confirm that the cleaning really happened to mark it completed early.',
  crewBusy: 'That crew already has a visit then. Pick another time or crew.',
  leadHasBooking: 'This lead already has an active booking: move its visits in the Schedule.',
  noAcceptedQuote: 'This lead has no accepted quote to book.',
  beyondHorizon: (weeks: number) =>
    `We book cleanings online up to ${weeks} weeks ahead. Please pick one of these windows, or call us for a later date.`,
  tooManyChanges: (count: number, period: 'hour' | 'day', phone: string) =>
    `This cleaning has been changed ${count} times in the last ${period}. To change it again, please call us at ${phone}.`,
} as const;

/** YYYY-MM-DD, a real calendar date. */
export const calendarDateSchema = z
  .string({ error: 'Use a date like 2026-12-01' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01')
  .refine((text) => {
    const time = Date.parse(`${text}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
  }, 'Use a real date like 2026-12-01');

/** GET /api/quotes/{token}/slots: from (default today, in the business's time zone) and how many days. */
export const slotsQuerySchema = z.object({
  from: calendarDateSchema.optional(),
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(SLOT_DAYS_MAX, `Days must be at most ${SLOT_DAYS_MAX}`)
    .default(SLOT_DAYS_DEFAULT),
});
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

/** PATCH /api/quotes/{token}/booking: the arrival window's start. */
export const bookingRequestSchema = z.strictObject({ start: dateTimeSchema('Start') });
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * POST /api/quotes/{token}/booking: the arrival window's start and where to clean, a city of the
 * service area. The address is required while the lead has none; later it may be left out (the
 * saved one is kept) or sent again to change it.
 */
export const newBookingRequestSchema = bookingRequestSchema.extend({
  address: customerServiceAddressSchema.optional(),
});
export type NewBookingRequest = z.output<typeof newBookingRequestSchema>;

/**
 * POST /api/admin/leads/{id}/booking: a free arrival window's start (as the customer would pick it),
 * or with `anyTime` a start of staff's choosing, inside or outside the windows, never in the past.
 */
export const staffBookingRequestSchema = z.strictObject({
  start: dateTimeSchema('Start'),
  anyTime: z.boolean({ error: 'anyTime must be true or false' }).optional(),
  /** Where to clean; saved as the lead's service address (left out: the lead's own is kept). */
  address: serviceAddressInputSchema.optional(),
});
export type StaffBookingRequest = z.output<typeof staffBookingRequestSchema>;

/** PATCH /api/admin/visits/{id}: move (start, crew) or close (status) one visit. */
export const visitUpdateSchema = z
  .strictObject({
    start: dateTimeSchema('Start').optional(),
    status: z.enum(VISIT_STATUSES, { error: `Status must be one of: ${VISIT_STATUSES.join(', ')}` }).optional(),
    crew: z.number({ error: 'Crew must be a number' }).int('Crew must be a whole number').min(1).max(20).optional(),
    /** Completing a visit whose arrival window has not started: staff confirmed it really happened. */
    confirmEarly: z.boolean({ error: 'confirmEarly must be true or false' }).optional(),
    /** The crew began it (true: now; false: not yet, a Start pressed by mistake). */
    started: z.boolean({ error: 'started must be true or false' }).optional(),
  })
  .refine(
    (update) =>
      update.start !== undefined ||
      update.status !== undefined ||
      update.crew !== undefined ||
      update.started !== undefined,
    { error: 'Send start, status, crew or started' },
  );
export type VisitUpdate = z.output<typeof visitUpdateSchema>;

/** PATCH /api/quotes/{token}/visits/{id}: the customer skips one visit of the series. */
export const customerVisitUpdateSchema = z.strictObject({
  status: z.literal('skipped', { error: 'Status must be skipped' }),
});
export type CustomerVisitUpdate = z.output<typeof customerVisitUpdateSchema>;

/** The quote link's token and a visit's id. */
export const quoteVisitParamsSchema = z.strictObject({ token: z.string(), id: uuidSchema });

/** GET /api/admin/visits?from=&to= (instants or dates; at most 62 days). */
export const visitListQuerySchema = z
  .object({ from: dateTimeSchema('From'), to: dateTimeSchema('To') })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), { error: 'To must be after From', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 62 * 86_400_000, {
    error: 'Ask for at most 62 days',
    path: ['to'],
  });
export type VisitListQuery = z.output<typeof visitListQuerySchema>;

export const visitIdParamsSchema = z.object({ id: uuidSchema });

// Answers. Instants in slots and visits carry the business's offset ("2026-12-01T08:00:00-06:00").
const zonedInstantSchema = z.iso.datetime({ offset: true });

export const slotSchema = z.strictObject({
  /** The arrival window: the crew arrives between start and end. */
  start: zonedInstantSchema,
  end: zonedInstantSchema,
});
export type Slot = z.output<typeof slotSchema>;

export const slotListSchema = z.strictObject({
  timezone: z.string(),
  durationMinutes: z.number().int().min(1),
  slots: z.array(slotSchema),
});
export type SlotList = z.output<typeof slotListSchema>;

export const visitSchema = z.strictObject({
  id: idSchema,
  /** The crew is busy from start to end (the expected duration). */
  start: zonedInstantSchema,
  end: zonedInstantSchema,
  /** The crew arrives by then (the arrival window's end). */
  arrivalEnd: zonedInstantSchema,
  status: z.enum(VISIT_STATUSES),
  /** The crew's number (its place in Settings → Scheduling, 1 first). */
  crew: z.number().int().min(1),
  /** A recurring visit put in another window than the series' own, for staff to check. */
  needsReview: z.boolean(),
});
export type Visit = z.output<typeof visitSchema>;

export const bookingSchema = z.strictObject({
  id: idSchema,
  leadId: idSchema,
  quoteId: idSchema.nullable(),
  frequency: z.enum(FREQUENCIES),
  status: z.enum(BOOKING_STATUSES),
  durationMinutes: z.number().int().min(1),
  /** What the first visit costs (promotion applied) and each one after it. */
  firstVisitTotal: moneySchema.nullable(),
  perVisitTotal: moneySchema.nullable(),
  /** The visits from the first one not yet past, in order (a recurring series: at least the next 3). */
  visits: z.array(visitSchema),
  createdAt: instantSchema,
});
export type Booking = z.output<typeof bookingSchema>;

export const bookingAnswerSchema = z.strictObject({ booking: bookingSchema });
export type BookingAnswer = z.output<typeof bookingAnswerSchema>;

/** 409 when the window was taken: the message and the next free windows. */
export const slotTakenSchema = z.strictObject({ message: z.string(), slots: z.array(slotSchema) });
export type SlotTaken = z.output<typeof slotTakenSchema>;

export const adminVisitSchema = z.strictObject({
  id: idSchema,
  bookingId: idSchema,
  leadId: idSchema,
  leadName: z.string(),
  start: zonedInstantSchema,
  end: zonedInstantSchema,
  arrivalEnd: zonedInstantSchema,
  status: z.enum(VISIT_STATUSES),
  crew: z.number().int().min(1),
  frequency: z.enum(FREQUENCIES),
  needsReview: z.boolean(),
  /** The lead's service address (as it is now), or null when none was given. */
  address: serviceAddressSchema.nullable(),
  /** The lead's phone, for the crew's call. */
  phone: z.string(),
  /** What this visit costs (the first visit's price for the first one), or null when unpriced. */
  price: moneySchema.nullable(),
  /** How long the visit is expected to take. */
  durationMinutes: z.number().int().min(1),
  /** When the crew began it (the crew's day page's Start), or null. */
  startedAt: instantSchema.nullable(),
  /** What staff should check (VISIT_FLAGS); empty for most visits. */
  flags: z.array(z.enum(VISIT_FLAGS)),
});
export type AdminVisit = z.output<typeof adminVisitSchema>;

export const adminVisitListSchema = z.strictObject({ items: z.array(adminVisitSchema) });
export type AdminVisitList = z.output<typeof adminVisitListSchema>;

/** GET /api/admin/leads/{id}/booking: the lead's active booking, or null. */
export const leadBookingSchema = z.strictObject({ booking: bookingSchema.nullable() });
export type LeadBooking = z.output<typeof leadBookingSchema>;
