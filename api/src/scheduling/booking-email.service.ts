// The customer's booking e-mails for the booking-email reaction (api/src/reactions/): made after the
// change is committed, from the booking as stored (booking-email.ts writes them).
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { findLead } from '../leads/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import {
  type BookingEmail,
  type BookingEmailKind,
  bookingEmail,
  type CalendarContext,
  type CalendarVisit,
  type CancellationWhat,
  calendarLocationOf,
  calendarSummaryOf,
  cancellationEmail,
  serviceAddressLineOf,
} from './booking-email.ts';
import { listScheduledVisitRowsOfBooking } from './scheduling.queries.ts';

export type { CalendarVisit } from './booking-email.ts';

/** The lead's calendar context: the events' title, place and attendee. */
const calendarContextOf = (lead: Lead & { email: string }, company: CompanyDetailsSettings, timeZone: string) => ({
  summary: calendarSummaryOf(lead, company.name),
  location: calendarLocationOf(lead),
  address: serviceAddressLineOf(lead),
  customerEmail: lead.email,
  timeZone,
});

/**
 * The e-mail `build` makes for the lead, or undefined when the lead has no address. Booking e-mails
 * are transactional: they go to every lead with an address, as the quote e-mail does. Sent by the
 * booking-email reaction (api/src/reactions/), after the change's commit.
 */
async function emailOfLead(
  db: Knex,
  timeZone: string,
  leadId: string,
  build: (
    lead: Lead & { email: string },
    company: CompanyDetailsSettings,
    calendar: CalendarContext,
  ) => Promise<BookingEmail>,
): Promise<BookingEmail | undefined> {
  const lead = await findLead(db, leadId);
  if (!lead?.email) return undefined;
  const withEmail = { ...lead, email: lead.email };
  const company = await getCompanyDetails(db);
  return build(withEmail, company, calendarContextOf(withEmail, company, timeZone));
}

/** The booking e-mail: every scheduled visit of the series still to come, in its calendar file. */
export function bookingEmailOf(
  db: Knex,
  timeZone: string,
  now: Date,
  args: {
    leadId: string;
    bookingId: string;
    kind: BookingEmailKind;
    link?: string;
    /** The customer's account (/account). */
    accountUrl?: string;
    /** A reschedule's events that no visit took over. */
    withdrawn?: readonly CalendarVisit[];
  },
): Promise<BookingEmail | undefined> {
  return emailOfLead(db, timeZone, args.leadId, async (lead, company, calendar) => {
    const visits = await listScheduledVisitRowsOfBooking(db, args.bookingId, now);
    return bookingEmail({
      to: lead.email,
      company,
      firstName: lead.firstName,
      kind: args.kind,
      visits,
      withdrawn: args.withdrawn,
      calendar,
      link: args.link,
      ...(args.accountUrl ? { accountUrl: args.accountUrl } : {}),
      closedDayMoves: visits
        .filter((visit) => visit.flags?.includes('moved_closed_day'))
        .map((visit) => ({ planned: visit.planned_start, visit })),
    });
  });
}

/** The cancellation of `visits` (undefined when none was cancelled, or without an address). */
export async function cancellationEmailOf(
  db: Knex,
  timeZone: string,
  args: {
    leadId: string;
    visits: readonly CalendarVisit[];
    what: CancellationWhat;
    link?: string;
    accountUrl?: string;
  },
): Promise<BookingEmail | undefined> {
  if (args.visits.length === 0) return undefined;
  return emailOfLead(db, timeZone, args.leadId, (lead, company, calendar) =>
    cancellationEmail({
      to: lead.email,
      company,
      firstName: lead.firstName,
      what: args.what,
      visits: args.visits,
      calendar,
      link: args.link,
      ...(args.accountUrl ? { accountUrl: args.accountUrl } : {}),
    }),
  );
}
