import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatServiceAddress } from '@shine/shared/service-address';
import type { Lead } from '@shine/shared/types';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Knex } from 'knex';
import { findLead } from '../leads/index.ts';
import { type EmailBlock, renderEmail } from '../email/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { listScheduledVisitRowsOfBooking, type VisitRow } from './scheduling.queries.ts';
import { describeArrival } from './visit-answers.service.ts';

export const BOOKING_CALENDAR_FILENAME = 'cleaning.ics';
export const CANCELLATION_CALENDAR_FILENAME = 'cancelled-cleaning.ics';

export type BookingEmailKind = 'booked' | 'moved' | 'rescheduled' | 'restored';

/** An e-mail to the customer, as the direct e-mail sender takes it. */
export interface BookingEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string;
  /** None: a booking is transactional mail (no List-Unsubscribe). */
  headers: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
  replyTo?: string;
  /** Its Message-ID is made of it, recorded for the lead: a reply answering it is filed there. */
  id?: string;
}

const SUBJECTS: Record<BookingEmailKind, string> = {
  booked: 'Your cleaning is booked',
  moved: 'We moved your cleaning',
  rescheduled: 'Your cleaning was rescheduled',
  restored: 'Your cleaning is back on the schedule',
};

const OPENINGS: Record<BookingEmailKind, string> = {
  booked: 'Your cleanings:',
  moved: 'We had to move your cleaning. Your cleanings now are:',
  rescheduled: 'Your cleanings:',
  restored: 'A cleaning we had cancelled is back on the schedule. Your cleanings now are:',
};

/** A visit as its calendar event: the columns the file is made of. */
export type CalendarVisit = Pick<
  VisitRow,
  'calendar_uid' | 'calendar_sequence' | 'starts_at' | 'ends_at' | 'arrival_ends_at' | 'status'
>;

/** What every event of the customer's file says besides its times. */
export interface CalendarContext {
  /** "Deep cleaning — Lone Star Shine Cleaning": the service, then the company (never "… cleaning cleaning"). */
  summary: string;
  /** Where the crew goes, as the lead says it today (its service address, else its ZIP), or undefined. */
  location: string | undefined;
  /** The lead's service address on one line, for the e-mail's "Where"; undefined when none was given. */
  address: string | undefined;
  /** The customer, an attendee of a cancellation. */
  customerEmail: string;
  timeZone: string;
}

/** The event's UID: the visit's calendar id at the company's host. */
export const calendarUidOf = (visit: Pick<VisitRow, 'calendar_uid'>) =>
  `${visit.calendar_uid}@${new URL(DEFAULT_COMPANY.bookingUrl).hostname}`;

/** The events' title: the service the lead asked for, then the company. */
export function calendarSummaryOf(lead: Pick<Lead, 'cleaningType'>, companyName: string): string {
  const service = lead.cleaningType.trim() ? `${lead.cleaningType.trim()} cleaning` : 'Home cleaning';
  return `${service} — ${companyName}`;
}

/** The lead's service address on one line ("12 Elm St, Apt 4, Plano, TX 75024"), or undefined. */
export function serviceAddressLineOf(lead: Pick<Lead, 'serviceAddress'>): string | undefined {
  return lead.serviceAddress ? formatServiceAddress(lead.serviceAddress, DEFAULT_COMPANY.region) : undefined;
}

/**
 * The events' LOCATION: the lead's service address, or without one its ZIP code in the business's
 * state ("TX 76132"). ical-generator escapes its commas and semicolons (RFC 5545, 3.3.11).
 */
export function calendarLocationOf(lead: Pick<Lead, 'zipcode' | 'serviceAddress'>): string | undefined {
  const address = serviceAddressLineOf(lead);
  if (address) return address;
  const zip = lead.zipcode.trim();
  return zip ? `${DEFAULT_COMPANY.region} ${zip}` : undefined;
}

/**
 * The calendar file: `method` PUBLISH for the visits as they now are (a withdrawn one STATUS:CANCELLED),
 * CANCEL for visits cancelled. Every event carries its visit's UID and SEQUENCE.
 */
function calendarOf(
  method: ICalCalendarMethod.PUBLISH | ICalCalendarMethod.CANCEL,
  visits: readonly CalendarVisit[],
  context: CalendarContext,
  link: string | undefined,
): string {
  const calendar = ical({
    name: `${DEFAULT_COMPANY.name} cleanings`,
    prodId: { company: DEFAULT_COMPANY.name, product: 'schedule' },
    method,
  });
  const organizer = { name: DEFAULT_COMPANY.name, email: DEFAULT_COMPANY.email };
  for (const visit of visits) {
    // A skipped visit is not a booked event either: the file withdraws it as it does a cancelled one.
    const cancelled =
      method === ICalCalendarMethod.CANCEL || visit.status === 'cancelled' || visit.status === 'skipped';
    const arrival = describeArrival(visit.starts_at, visit.arrival_ends_at, context.timeZone);
    calendar.createEvent({
      id: calendarUidOf(visit),
      sequence: visit.calendar_sequence,
      start: visit.starts_at,
      end: visit.ends_at,
      summary: context.summary,
      ...(context.location ? { location: context.location } : {}),
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer,
      ...(method === ICalCalendarMethod.CANCEL ? { attendees: [{ email: context.customerEmail }] } : {}),
      description: cancelled
        ? `Cancelled: ${arrival}.`
        : [
            `Arrival window: ${arrival}.`,
            link
              ? `Reschedule or cancel (24 hours’ notice): ${link}`
              : `To change it, call us at ${DEFAULT_COMPANY.phone}.`,
          ].join('\n'),
      ...(link ? { url: link } : {}),
    });
  }
  return calendar.toString();
}

const arrivalLine = (visit: CalendarVisit, timeZone: string) =>
  `${describeArrival(visit.starts_at, visit.arrival_ends_at, timeZone)} (arrival window)`;

/** A series' visit moved off a closed day: where the series put it, and where it is. */
export interface ClosedDayMove {
  planned: Date;
  visit: CalendarVisit;
}

/** "We are closed on Fri, Dec 25, 2026 (8:00 AM): that cleaning moved to Sat, Dec 26, 2026, 9:00 AM – 11:00 AM." */
function closedDayLine(move: ClosedDayMove, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(move.planned);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(move.planned);
  return `We are closed on ${day}: that cleaning (${time}) moved to ${arrivalLine(move.visit, timeZone)}.`;
}

/** The e-mail: what is booked, when, the policy and the link, in the company's layout; the calendar attached. */
export async function bookingEmail(args: {
  to: string;
  firstName: string;
  kind: BookingEmailKind;
  /** Every scheduled visit of the series not yet over, in order: the file carries each. */
  visits: readonly CalendarVisit[];
  /** Events of visits removed and not replaced (a re-laid series came out shorter): withdrawn in the file. */
  withdrawn?: readonly CalendarVisit[];
  calendar: CalendarContext;
  company: CompanyDetailsSettings;
  /** The quote page (reschedule and cancel there); absent when the link is not known (staff's own booking). */
  link?: string;
  /** Visits of the series moved off a closed day: the customer is told which, from what to what. */
  closedDayMoves?: readonly ClosedDayMove[];
  /** The customer's account (/account): every cleaning, skip or move one, invoices. */
  accountUrl?: string;
}): Promise<BookingEmail> {
  const { calendar, link, company } = args;
  const moves = (args.closedDayMoves ?? []).map((move) => closedDayLine(move, calendar.timeZone));
  const arrivals = args.visits.map((visit) => arrivalLine(visit, calendar.timeZone));
  const subject = `${SUBJECTS[args.kind]}: ${company.name}`;
  // The customer's name is text they typed: a run of text, never linkified.
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', runs: [`Hello ${args.firstName},`] },
    {
      kind: 'paragraph',
      runs: [OPENINGS[args.kind]],
    },
    { kind: 'paragraph', runs: [arrivals.join('\n')] },
    ...(calendar.address ? [{ kind: 'paragraph' as const, runs: [`Where: ${calendar.address}`] }] : []),
    ...(moves.length > 0 ? [{ kind: 'paragraph' as const, runs: [moves.join('\n')] }] : []),
    {
      kind: 'paragraph',
      runs: [
        args.kind === 'booked'
          ? 'The attached calendar file adds them to your calendar.'
          : 'The attached calendar file updates them in your calendar.',
      ],
    },
    link
      ? { kind: 'button', label: 'Reschedule or cancel', href: link }
      : {
          kind: 'paragraph',
          runs: [`Need another time? Reply to this e-mail or call us at ${DEFAULT_COMPANY.phone}.`],
        },
    {
      kind: 'note',
      runs: [
        link ? 'You can reschedule or cancel from that link until 24 hours before a visit. ' : '',
        'Changes and cancellations need at least 24 hours’ notice to avoid a cancellation fee.',
      ],
    },
    ...(args.accountUrl
      ? [
          {
            kind: 'paragraph' as const,
            runs: [
              'All your cleanings, invoices and messages are in your account: ',
              { text: args.accountUrl, href: args.accountUrl },
            ],
          },
        ]
      : []),
  ];
  const rendered = await renderEmail({
    variant: 'customer',
    subject,
    heading: SUBJECTS[args.kind],
    preview: arrivals[0] ? `First visit: ${arrivals[0]}` : SUBJECTS[args.kind],
    blocks,
    footer: { company, phone: DEFAULT_COMPANY.phone },
  });
  const events = [...args.visits, ...(args.withdrawn ?? [])];
  return {
    to: args.to,
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: {},
    attachments: [
      {
        filename: BOOKING_CALENDAR_FILENAME,
        content: Buffer.from(calendarOf(ICalCalendarMethod.PUBLISH, events, calendar, link), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** Who cancelled, and what: the whole booking (every visit still to come) or one visit. */
export interface CancellationWhat {
  by: 'customer' | 'staff';
  whole: boolean;
  /** One visit of a series skipped: the rest stays booked. */
  skipped?: boolean;
}

function cancellationHeading({ by, whole, skipped }: CancellationWhat, count: number): string {
  if (skipped) return by === 'customer' ? 'Your cleaning is skipped' : 'We skipped a cleaning';
  if (by === 'customer') return 'Your booking is cancelled';
  if (whole) return 'We cancelled your booking';
  return count > 1 ? 'We cancelled some of your cleanings' : 'We cancelled a cleaning';
}

/** The cancellation: which visits, how to book again; the file removes exactly those events. */
export async function cancellationEmail(args: {
  to: string;
  firstName: string;
  what: CancellationWhat;
  /** The visits cancelled, their SEQUENCE already raised. */
  visits: readonly CalendarVisit[];
  calendar: CalendarContext;
  company: CompanyDetailsSettings;
  /** The quote page (book again there), when known. */
  link?: string;
  /** The customer's account (/account). */
  accountUrl?: string;
}): Promise<BookingEmail> {
  const { calendar, link, company, what } = args;
  const heading = cancellationHeading(what, args.visits.length);
  const arrivals = args.visits.map((visit) => arrivalLine(visit, calendar.timeZone));
  const lead = what.skipped
    ? what.by === 'customer'
      ? 'As you asked, we will skip this cleaning:'
      : 'We had to skip this cleaning:'
    : what.by === 'customer'
      ? 'As you asked, these cleanings are cancelled:'
      : args.visits.length > 1
        ? 'We had to cancel these cleanings:'
        : 'We had to cancel this cleaning:';
  const rest = what.whole
    ? link
      ? 'You can book again from your quote page whenever you are ready.'
      : `To book again, reply to this e-mail or call us at ${DEFAULT_COMPANY.phone}.`
    : `Your other cleanings stay as booked. Questions? Reply to this e-mail or call us at ${DEFAULT_COMPANY.phone}.`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', runs: [`Hello ${args.firstName},`] },
    { kind: 'paragraph', runs: [lead] },
    { kind: 'paragraph', runs: [arrivals.join('\n')] },
    { kind: 'paragraph', runs: ['The attached calendar file removes them from your calendar.'] },
    { kind: 'paragraph', runs: [rest] },
    ...(what.whole && link ? [{ kind: 'button' as const, label: 'Book again', href: link }] : []),
    ...(args.accountUrl
      ? [
          {
            kind: 'paragraph' as const,
            runs: [
              'All your cleanings, invoices and messages are in your account: ',
              { text: args.accountUrl, href: args.accountUrl },
            ],
          },
        ]
      : []),
  ];
  const rendered = await renderEmail({
    variant: 'customer',
    subject: `${heading}: ${company.name}`,
    heading,
    preview: arrivals[0] ? `${what.skipped ? 'Skipped' : 'Cancelled'}: ${arrivals[0]}` : heading,
    blocks,
    footer: { company, phone: DEFAULT_COMPANY.phone },
  });
  return {
    to: args.to,
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: {},
    attachments: [
      {
        filename: CANCELLATION_CALENDAR_FILENAME,
        content: Buffer.from(calendarOf(ICalCalendarMethod.CANCEL, args.visits, calendar, undefined), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  };
}
