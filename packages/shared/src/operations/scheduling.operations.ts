// Scheduling (docs/decisions.md, "Scheduling"): the customer books an accepted quote by its link;
// staff see and move visits in the Schedule, book a lead by hand, and set crews and windows.
import {
  adminVisitListSchema,
  adminVisitSchema,
  bookingAnswerSchema,
  bookingRequestSchema,
  customerVisitUpdateSchema,
  leadBookingSchema,
  newBookingRequestSchema,
  quoteVisitParamsSchema,
  slotListSchema,
  slotsQuerySchema,
  slotTakenSchema,
  staffBookingRequestSchema,
  visitIdParamsSchema,
  visitListQuerySchema,
  visitUpdateSchema,
} from '../bookings.ts';
import { idParamsSchema } from '../leads.ts';
import { quoteTokenParamsSchema } from '../quotes.ts';
import { schedulingSettingsSchema } from '../scheduling.ts';
import { error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const LINK_LIMIT = 'requests to quote links per client address per minute (RATE_LIMIT_QUOTE_LINKS_PER_MINUTE).';
const TIMES =
  'Times are ISO 8601 with the business time zone’s offset of that day (BUSINESS_TIMEZONE, e.g. "2026-12-01T08:00:00-06:00"); a start may be sent with any offset.';
const CAPACITY =
  'A visit keeps one crew busy for its expected duration; the database refuses two overlapping visits of one crew, so concurrent bookings of the last free crew give exactly one booking.';
const taken = json(
  slotTakenSchema,
  'The window was taken meanwhile, or is not a free window now: the message and the next free windows.',
);
const ADDRESS =
  'address ({ line1, line2?, city, zip }) is where to clean, saved on the lead: required while the lead has no service address (400), optional later (left out, the saved one is kept); a city outside the 22-city service area is a 400 whose message gives the phone number.';
const SPENT_LINK =
  'The link is spent: the quote expired, was replaced by a newer version or withdrawn, or the lead was closed as Lost.';
const ONE_TIME_DONE =
  'A One Time quote’s visit has been completed or has begun: nothing more can be booked, changed or cancelled by the link.';
const NOTICE =
  'Inside 24 hours of the next visit the customer can no longer change it: 409 with the policy and the phone number.';

export const schedulingOperations = {
  listQuoteSlots: operation({
    method: 'get',
    path: '/api/quotes/:token/slots',
    tag: 'Scheduling',
    summary: 'The free arrival windows of an accepted quote (the customer, by its link)',
    description: `Only windows that can be booked now: after the cleaning type's lead time, done by closing, a crew free for the visit's duration. from defaults to today, days to 21. ${TIMES}`,
    access: 'public',
    params: quoteTokenParamsSchema,
    query: slotsQuerySchema,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(slotListSchema, 'The time zone, the visit’s expected duration and the free windows in order.'),
      404: error('No quote has this link.'),
      409: error('The quote is not accepted yet.'),
      410: error(SPENT_LINK),
    },
  }),
  bookQuote: operation({
    method: 'post',
    path: '/api/quotes/:token/booking',
    tag: 'Scheduling',
    summary: 'Book an accepted quote’s first cleaning (the customer, by its link)',
    description: `start is a free window's start (from /slots). A recurring quote books its series: each visit at the interval in the same window when a crew is free, otherwise the next free window (flagged for staff). The lead becomes Won (a lead closed as Lost is never reopened: 410). WELCOME40 prices only a customer’s first cleaning: once a visit of the lead has been completed or has begun, a new booking’s first visit is at the regular price. The same start again answers 200 with the same booking. ${ADDRESS} ${CAPACITY} ${TIMES}`,
    access: 'public',
    params: quoteTokenParamsSchema,
    body: newBookingRequestSchema,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(bookingAnswerSchema, 'Already booked at this start: the same booking.'),
      201: json(bookingAnswerSchema, 'Booked: the booking with its next visits.'),
      404: error('No quote has this link.'),
      409: [taken, error(`The quote is not accepted yet, or already booked at another time. ${ONE_TIME_DONE}`)],
      410: error(SPENT_LINK),
    },
  }),
  rescheduleQuoteBooking: operation({
    method: 'patch',
    path: '/api/quotes/:token/booking',
    tag: 'Scheduling',
    summary: 'Reschedule the booking (the customer, by its link)',
    description: `The next visit moves to the new window and the rest of a series follows it from there. ${NOTICE} ${TIMES}`,
    access: 'public',
    params: quoteTokenParamsSchema,
    body: bookingRequestSchema,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(bookingAnswerSchema, 'Rescheduled (or already at this start).'),
      404: error('No quote has this link.'),
      409: [taken, error(`No booking, or inside 24 hours of the next visit. ${ONE_TIME_DONE}`)],
      410: error(SPENT_LINK),
    },
  }),
  skipQuoteVisit: operation({
    method: 'patch',
    path: '/api/quotes/:token/visits/:id',
    tag: 'Scheduling',
    summary: 'Skip one visit of the series (the customer, by its link)',
    description:
      'The visit becomes skipped; the rest of the series stays as booked. The 24-hour notice is the visit’s own: inside 24 hours of that visit, 409 with the policy and the phone number (a later visit can still be skipped). The customer is e-mailed a calendar file (METHOD:CANCEL) that removes that visit. Skipping a skipped visit again answers 200.',
    access: 'public',
    params: quoteVisitParamsSchema,
    body: customerVisitUpdateSchema,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(bookingAnswerSchema, 'Skipped: the booking with its visits.'),
      404: error('No quote has this link, or the visit is not one of its booking’s.'),
      409: error(`No active booking, the visit is not still to come, or it is inside 24 hours. ${ONE_TIME_DONE}`),
      410: error(SPENT_LINK),
    },
  }),
  cancelQuoteBooking: operation({
    method: 'delete',
    path: '/api/quotes/:token/booking',
    tag: 'Scheduling',
    summary: 'Cancel the booking (the customer, by its link)',
    description: `Every visit still to come is cancelled; the customer is e-mailed a calendar file (METHOD:CANCEL) that removes exactly those visits. ${NOTICE}`,
    access: 'public',
    params: quoteTokenParamsSchema,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(bookingAnswerSchema, 'Cancelled: the booking, its visits cancelled.'),
      404: error('No quote has this link.'),
      409: error(`No active booking, or inside 24 hours of the next visit. ${ONE_TIME_DONE}`),
      410: error(SPENT_LINK),
    },
  }),
  listVisits: operation({
    method: 'get',
    path: '/api/admin/visits',
    tag: 'Scheduling',
    summary: 'The Schedule: visits starting in a range (at most 62 days)',
    description: TIMES,
    access: session,
    query: visitListQuerySchema,
    answers: {
      200: json(
        adminVisitListSchema,
        'The visits by start, then crew, with their lead’s name, phone and service address, the visit’s price and expected duration, and flags for staff (moved_closed_day: a series’ visit moved off a closed day; on_closed_day: a scheduled visit on a date closed after it was booked).',
      ),
    },
  }),
  updateVisit: operation({
    method: 'patch',
    path: '/api/admin/visits/:id',
    tag: 'Scheduling',
    summary: 'Move a visit (start, crew) or mark it completed, cancelled or skipped',
    description: `skipped leaves one visit of a series out (the rest unchanged; only a visit still to come; audited); the customer is e-mailed a calendar file that removes it. A move without crew keeps the visit's crew when it is free then, otherwise takes the first free one; the rest of its series stays where it is. The customer is e-mailed a move (the series' calendar file) or a cancellation (a METHOD:CANCEL file of that visit). Marking a visit completed before its arrival window starts needs \`confirmEarly: true\` (staff confirmed the cleaning happened), otherwise 409. ${CAPACITY}`,
    access: session,
    params: visitIdParamsSchema,
    body: visitUpdateSchema,
    answers: {
      200: json(adminVisitSchema, 'The visit now.'),
      409: error(
        'The crew (every crew) has a visit then, the visit is closed, it is marked completed before its arrival window starts without confirmEarly, or a visit not still to come is skipped.',
      ),
    },
  }),
  getLeadBooking: operation({
    method: 'get',
    path: '/api/admin/leads/:id/booking',
    tag: 'Scheduling',
    summary: 'A lead’s active booking with its next visits',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(leadBookingSchema, 'The booking, or null.') },
  }),
  listLeadSlots: operation({
    method: 'get',
    path: '/api/admin/leads/:id/slots',
    tag: 'Scheduling',
    summary: 'The free arrival windows of a lead, as the customer would see them (staff)',
    description: `The same windows the quote page offers for the lead's newest accepted quote (or, without one, its own request): after the cleaning type's lead time, done by closing, a crew free for the visit's duration. from defaults to today, days to 21. ${TIMES}`,
    access: session,
    params: idParamsSchema,
    query: slotsQuerySchema,
    answers: {
      200: json(slotListSchema, 'The time zone, the visit’s expected duration and the free windows in order.'),
      404: error('No lead has this id.'),
      409: error('The lead has neither an accepted quote nor the service details to book.'),
    },
  }),
  bookLead: operation({
    method: 'post',
    path: '/api/admin/leads/:id/booking',
    tag: 'Scheduling',
    summary: 'Book a lead by hand (staff)',
    description: `Priced from the lead's newest accepted quote, or from its own request without a price. start is a free window's start (from /slots; staff may book inside the lead time); with anyTime, any start not in the past, inside or outside the windows and working hours, its arrival window as long as the settings' windows, on the first crew free for the visit's duration. The lead becomes Won. address, when sent, becomes the lead's service address (any city: staff may book outside the service area). ${CAPACITY} ${TIMES}`,
    access: session,
    params: idParamsSchema,
    body: staffBookingRequestSchema,
    answers: {
      201: json(bookingAnswerSchema, 'Booked.'),
      409: [taken, error('The lead already has an active booking.')],
    },
  }),
  cancelLeadBooking: operation({
    method: 'delete',
    path: '/api/admin/leads/:id/booking',
    tag: 'Scheduling',
    summary: 'Cancel a lead’s booking (staff)',
    description:
      'Every visit still to come is cancelled, whatever the notice; the customer is e-mailed a calendar file (METHOD:CANCEL) that removes exactly those visits.',
    access: session,
    params: idParamsSchema,
    answers: {
      200: json(bookingAnswerSchema, 'Cancelled: the booking, its visits cancelled.'),
      404: error('No lead has this id.'),
      409: error('The lead has no active booking.'),
    },
  }),
  cancelBooking: operation({
    method: 'delete',
    path: '/api/admin/bookings/:id',
    tag: 'Scheduling',
    summary: 'Cancel a booking (staff)',
    description:
      'The same cancellation as DELETE /api/admin/leads/{id}/booking, named by the booking: every visit still to come is cancelled, whatever the notice, and the customer is e-mailed a calendar file (METHOD:CANCEL) that removes exactly those visits.',
    access: session,
    params: idParamsSchema,
    answers: {
      200: json(bookingAnswerSchema, 'Cancelled: the booking, its visits cancelled.'),
      404: error('No booking has this id.'),
      409: error('The booking is already cancelled.'),
    },
  }),
  getSchedulingSettings: operation({
    method: 'get',
    path: '/api/admin/settings/scheduling',
    tag: 'Settings',
    summary: 'Crews, working days, arrival windows, lead times and closed dates',
    description:
      'Every role reads them (the Schedule shows the crews); the defaults follow the business hours until saved.',
    access: session,
    answers: { 200: json(schedulingSettingsSchema, 'The settings.') },
  }),
  saveSchedulingSettings: operation({
    method: 'put',
    path: '/api/admin/settings/scheduling',
    tag: 'Settings',
    summary: 'Save the scheduling settings',
    description:
      'Crews are numbered by their place in the list. Visits already booked stay where they are; new windows apply to the next booking. closedDates (YYYY-MM-DD, stored sorted and each once): no window is offered on them; a series’ visit laid on one moves to the next free window (flagged moved_closed_day); a visit already booked on a date closed later stays and is flagged on_closed_day for staff.',
    access: session,
    role: 'admin',
    body: schedulingSettingsSchema,
    answers: { 200: json(schedulingSettingsSchema, 'The settings now.') },
  }),
} satisfies Record<string, Operation>;
