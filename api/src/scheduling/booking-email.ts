// The customer's booking e-mail: confirmation of a booking or of a move, with the visits as an
// iCalendar attachment (text/calendar, one event per visit, the quote page's link inside so the
// customer can reschedule from the calendar entry). Transactional, like the quote e-mail: sent
// through the same SMTP server, kept in the lead's conversation, never a reason for an answer to fail.
// bookingEmail() builds the message (HTML in the company's layout and its text twin, email/).
import type { Booking } from '@shine/shared/bookings';
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Knex } from 'knex';
import { findOrCreateSystemUserId, SYSTEM_USERNAME } from '../auth/system-user.service.ts';
import { findLead } from '../leads/leads.service.ts';
import type { AppDeps, LeadEmailDeps } from '../deps.ts';
import { type EmailBlock, renderEmail } from '../email/email.service.ts';
import { getCompanyDetails } from '../settings/company-details.service.ts';
import type { Logger } from '../logger.ts';
import { describeArrival } from './scheduling.service.ts';

export const BOOKING_CALENDAR_FILENAME = 'cleaning.ics';

export type BookingEmailKind = 'booked' | 'moved' | 'rescheduled';

/** An e-mail to the customer, as the staff e-mail sender takes it. */
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
};

/** The visits still to come, as calendar events. */
function calendarOf(booking: Booking, link: string | undefined, timeZone: string): string {
  const calendar = ical({
    name: `${DEFAULT_COMPANY.name} cleanings`,
    prodId: { company: DEFAULT_COMPANY.name, product: 'schedule' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const visit of booking.visits.filter((v) => v.status === 'scheduled')) {
    calendar.createEvent({
      id: `${visit.id}@${new URL(DEFAULT_COMPANY.bookingUrl).hostname}`,
      start: new Date(visit.start),
      end: new Date(visit.end),
      summary: `${DEFAULT_COMPANY.name} cleaning`,
      description: [
        `Arrival window: ${describeArrival(new Date(visit.start), new Date(visit.arrivalEnd), timeZone)}.`,
        link
          ? `Reschedule or cancel (24 hours’ notice): ${link}`
          : `To change it, call us at ${DEFAULT_COMPANY.phone}.`,
      ].join('\n'),
      ...(link ? { url: link } : {}),
    });
  }
  return calendar.toString();
}

/** The e-mail: what is booked, when, the policy and the link, in the company's layout; the calendar attached. */
export async function bookingEmail(args: {
  to: string;
  firstName: string;
  kind: BookingEmailKind;
  booking: Booking;
  timeZone: string;
  company: CompanyDetailsSettings;
  /** The quote page (reschedule and cancel there); absent when the link is not known (staff's own booking). */
  link?: string;
}): Promise<BookingEmail> {
  const { booking, timeZone, link, company } = args;
  const upcoming = booking.visits.filter((visit) => visit.status === 'scheduled');
  const arrivals = upcoming.map(
    (visit) => `${describeArrival(new Date(visit.start), new Date(visit.arrivalEnd), timeZone)} (arrival window)`,
  );
  const subject = `${SUBJECTS[args.kind]}: ${company.name}`;
  // The customer's name is text they typed: a run of text, never linkified.
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', runs: [`Hello ${args.firstName},`] },
    {
      kind: 'paragraph',
      runs: [args.kind === 'moved' ? 'We had to move your cleaning. Your cleanings now are:' : 'Your cleanings:'],
    },
    { kind: 'paragraph', runs: [arrivals.join('\n')] },
    { kind: 'paragraph', runs: ['The attached calendar file adds them to your calendar.'] },
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
  ];
  const rendered = await renderEmail({
    variant: 'customer',
    subject,
    heading: SUBJECTS[args.kind],
    preview: arrivals[0] ? `First visit: ${arrivals[0]}` : SUBJECTS[args.kind],
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
        filename: BOOKING_CALENDAR_FILENAME,
        content: Buffer.from(calendarOf(booking, link, timeZone), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/**
 * What sending needs, wired by app.ts from the same parts as the quote e-mail: the staff e-mail sender
 * (undefined without SMTP), the lead's reply address and Message-ID (mailbox), and the conversation's
 * record of the e-mail (its delivery settled after the send).
 */
export interface BookingMailDeps extends Pick<AppDeps, 'db' | 'config' | 'logger' | 'now'>, LeadEmailDeps {
  sendEmail: ((message: BookingEmail) => Promise<void>) | undefined;
}

/** The thread's reason when the mail server did not take it (its answer is logged, not shown). */
const FAILED = 'failed: the mail server did not accept the e-mail';

/**
 * Sends the booking e-mail to the lead, kept in its conversation; false without SMTP, without an
 * address, or when the server refused it (logged without the address).
 */
export async function emailBooking(
  deps: BookingMailDeps,
  args: { booking: Booking; kind: BookingEmailKind; link?: string; actor?: { id: string; username: string } },
): Promise<boolean> {
  const { db, logger, sendEmail, now } = deps;
  if (!sendEmail) return false;
  const lead = await findLead(db, args.booking.leadId);
  if (!lead?.email) return false;
  const message = await bookingEmail({
    to: lead.email,
    company: await getCompanyDetails(db),
    firstName: lead.firstName,
    kind: args.kind,
    booking: args.booking,
    timeZone: deps.config.businessTimeZone,
    link: args.link,
  });
  const sentBy = args.actor ?? { id: await findOrCreateSystemUserId(db as Knex), username: SYSTEM_USERNAME };
  const settle = await deps.recordEmail({
    leadId: lead.id,
    to: message.to,
    subject: message.subject,
    body: message.body,
    attachments: message.attachments.map((file) => file.filename),
    sentBy,
    at: now(),
  });
  const replyTo = await deps.replyAddressOf(lead.id);
  try {
    await sendEmail({ ...message, ...(replyTo ? { replyTo } : {}), id: await deps.sentEmailIdOf(lead.id) });
    await settle({ sent: true });
    return true;
  } catch (error) {
    warn(logger, error);
    await settle({ sent: false, reason: FAILED });
    return false;
  }
}

function warn(logger: Logger, error: unknown): void {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  logger.warn({ code, responseCode }, 'a booking e-mail could not be sent');
}
