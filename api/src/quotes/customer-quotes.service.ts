// The customer's side of a quote, reached only through the link's token: opening it
// (recorded), accepting with a typed name (the lead is Won at the accepted regular price per visit) or declining (the
// lead goes to Negotiating). An answer is given once: the same answer again changes nothing and gets
// the same reply; the other answer is refused. Every step is on the lead's timeline.
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import { buildBookingUrl, DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import { formatCents, formatDollars, type QuoteContent } from '@shine/shared/quote-pricing';
import type { QuoteAccept, QuoteDecline } from '@shine/shared/quotes';
import { regularVisitPrice } from '@shine/shared/recurring-revenue';
import type { Quote, QuoteAnswer } from '@shine/shared/responses/quotes';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import {
  changeLeadStatusForQuote,
  findLead,
  lockLeadStatus,
  notifyAboutLead,
  setLeadValueFromAcceptedQuote,
} from '../leads/index.ts';
import { statusOf, toQuote } from './quote-mapper.ts';
import { type BookingSection, renderQuotePage } from './quote-page.ts';
import { hashQuoteToken } from './quote-tokens.ts';
import {
  findQuoteRowByTokenHash,
  insertQuoteEvent,
  lockQuoteRowByTokenHash,
  markQuoteAccepted,
  markQuoteDeclined,
  markQuoteViewed,
  type QuoteRow,
} from './quotes.queries.ts';

/** Who answered: kept with each event (the user agent, and the address as the quote form keeps it). */
export interface QuoteClient {
  userAgent: string | null;
  clientIp: string | null;
}

/** What the customer's page shows: the quote and the customer's own name, nothing of the staff's. */
export interface CustomerQuote {
  row: QuoteRow;
  lead: Pick<Lead, 'firstName' | 'lastName' | 'status'>;
}

/**
 * Why a link is spent (410), or undefined: past its time, replaced by a newer version, withdrawn by
 * staff, or its lead closed as Lost (a Lost lead's links answer, book and reopen nothing).
 */
export function spentLinkError(
  row: Pick<QuoteRow, 'status' | 'valid_until'>,
  leadStatus: string | undefined,
  now: Date,
): AppError | undefined {
  const status = statusOf(row, now);
  if (status === 'expired') return new AppError(410, API_ERRORS.quoteLinkExpired);
  if (status === 'superseded') return new AppError(410, API_ERRORS.quoteLinkSuperseded);
  if (status === 'withdrawn') return new AppError(410, API_ERRORS.quoteLinkWithdrawn(DEFAULT_COMPANY.phone));
  if (leadStatus === 'Lost') return new AppError(410, API_ERRORS.quoteLinkClosed(DEFAULT_COMPANY.phone));
  return undefined;
}

function refuseClosed(row: QuoteRow, leadStatus: string | undefined, now: Date): void {
  const spent = spentLinkError(row, leadStatus, now);
  if (spent) throw spent;
}

async function leadOf(db: Knex, row: QuoteRow): Promise<Lead> {
  const lead = await findLead(db, row.lead_id);
  if (!lead) throw new AppError(404, API_ERRORS.quoteLinkUnknown);
  return lead;
}

/** The quote behind a link, or a 404 (never a 400: a mangled link is simply one that does not exist). */
export async function findCustomerQuote(db: Knex, token: string): Promise<CustomerQuote> {
  const row = await findQuoteRowByTokenHash(db, hashQuoteToken(token));
  if (!row) throw new AppError(404, API_ERRORS.quoteLinkUnknown);
  return { row, lead: await leadOf(db, row) };
}

/**
 * GET /q/{token}: the quote to show, its opening recorded (every opening as an event, the first also
 * on the timeline). Expired and replaced links answer 410 with the quote, so the page can say which.
 */
export async function openCustomerQuote(
  db: Knex,
  token: string,
  client: QuoteClient,
  now: Date,
  /** BUSINESS_TIMEZONE: who is on duty when nobody holds the lead. */
  timeZone: string,
): Promise<CustomerQuote> {
  const found = await findCustomerQuote(db, token);
  if (statusOf(found.row, now) !== 'sent') return found;
  await withLeadEventOutbox(db, async (trx, outbox) => {
    await insertQuoteEvent(trx, { quote_id: found.row.id, kind: 'viewed', at: now, ...eventClient(client) });
    if (found.row.viewed_at) return;
    // Two first openings at once: only the one that marks the quote viewed tells the timeline and the rules.
    if (!(await markQuoteViewed(trx, found.row.id, now))) return;
    await outbox.quoteEvent(found.row.lead_id, 'quote_viewed');
    await notifyAboutLead(
      trx,
      found.row.lead_id,
      { kind: 'quote_viewed', version: found.row.version },
      { now, timeZone },
    );
    await recordSystemActivity(
      trx,
      {
        leadId: found.row.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Customer opened quote v${found.row.version}`,
        description: 'The customer opened the quote page for the first time.',
      },
      now,
    );
  });
  return found;
}

const eventClient = (client: QuoteClient) => ({ user_agent: client.userAgent, client_ip: client.clientIp });

function answerOf(row: QuoteRow): QuoteAnswer {
  const content = row.content as QuoteContent;
  return {
    status: row.status === 'declined' ? 'declined' : 'accepted',
    version: row.version,
    total: formatCents(Number(row.total_cents)),
    answeredAt: (row.answered_at ?? row.updated_at).toISOString(),
    bookingUrl: row.status === 'accepted' ? bookingUrlFor(content) : null,
  };
}

/** The booking page, with WELCOME40 applied when the quote grants it. */
function bookingUrlFor(content: QuoteContent): string {
  return content.welcomeDiscount ? buildBookingUrl(DEFAULT_COMPANY) : DEFAULT_COMPANY.bookingUrl;
}

/**
 * The opening steps of an answer: the quote behind the link, locked. The same answer given before
 * comes back as `answered` (nothing changes); the other answer, an expired or a replaced link is refused.
 */
async function lockAnswerableQuote(
  trx: Knex.Transaction,
  token: string,
  answer: 'accepted' | 'declined',
  now: Date,
): Promise<{ row: QuoteRow; answered?: QuoteAnswer }> {
  const row = await lockQuoteRowByTokenHash(trx, hashQuoteToken(token));
  if (!row) throw new AppError(404, API_ERRORS.quoteLinkUnknown);
  if (row.status === answer) return { row, answered: answerOf(row) };
  if (row.status === 'accepted') throw new AppError(409, API_ERRORS.quoteAlreadyAccepted);
  if (row.status === 'declined') throw new AppError(409, API_ERRORS.quoteAlreadyDeclined);
  refuseClosed(row, await lockLeadStatus(trx, row.lead_id), now);
  return { row };
}

function describeAcceptance(accept: QuoteAccept): string {
  const lines = [`Signed “${accept.name}”.`];
  if (accept.note) lines.push(`Note: ${accept.note}`);
  return lines.join('\n');
}

/**
 * POST /api/quotes/{token}/accept: the lead is Won with the accepted regular per-visit price as its value, on its
 * timeline, in one transaction with the quote. Accepting again answers the same and changes nothing.
 */
export function acceptCustomerQuote(
  db: Knex,
  token: string,
  accept: QuoteAccept,
  client: QuoteClient,
  now: Date,
  timeZone: string,
): Promise<QuoteAnswer> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const { row, answered } = await lockAnswerableQuote(trx, token, 'accepted', now);
    if (answered) return answered;
    const accepted = await markQuoteAccepted(trx, row.id, {
      name: accept.name,
      // Nothing asked any more: the customer picks a real window in the booking step.
      preferredDates: [],
      note: accept.note || null,
      now,
    });
    await insertQuoteEvent(trx, { quote_id: row.id, kind: 'accepted', at: now, ...eventClient(client) });
    await changeLeadStatusForQuote(trx, outbox, null, row.lead_id, 'Won');
    await outbox.quoteEvent(row.lead_id, 'quote_accepted');
    // The CRM alerts the lead's assignee (packages/crm/src/quotes/use-quote-accepted-alerts.ts).
    await publishLiveEvent(trx, { type: 'quote.accepted', leadId: row.lead_id, quoteId: row.id });
    await notifyAboutLead(trx, row.lead_id, { kind: 'quote_accepted', version: row.version }, { now, timeZone });
    const quote = toQuote(accepted, now);
    await setLeadValueFromAcceptedQuote(trx, row.lead_id, {
      value: regularVisitPrice(quote),
      frequency: quote.cleaning.frequency,
    });
    await recordSystemActivity(
      trx,
      {
        leadId: row.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Quote v${row.version} accepted: ${formatDollars(Number(row.total_cents))}`,
        description: describeAcceptance(accept),
      },
      now,
    );
    return answerOf(accepted);
  });
}

/**
 * POST /api/quotes/{token}/decline: the lead goes to Negotiating with the reason on its timeline.
 * Declining again answers the same and changes nothing; an accepted quote cannot be declined here.
 */
export function declineCustomerQuote(
  db: Knex,
  token: string,
  decline: QuoteDecline,
  client: QuoteClient,
  now: Date,
  timeZone: string,
): Promise<QuoteAnswer> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const { row, answered } = await lockAnswerableQuote(trx, token, 'declined', now);
    if (answered) return answered;
    const declined = await markQuoteDeclined(trx, row.id, decline.reason || null, now);
    await insertQuoteEvent(trx, { quote_id: row.id, kind: 'declined', at: now, ...eventClient(client) });
    await changeLeadStatusForQuote(trx, outbox, null, row.lead_id, 'Negotiating');
    await outbox.quoteEvent(row.lead_id, 'quote_declined');
    await notifyAboutLead(trx, row.lead_id, { kind: 'quote_declined', version: row.version }, { now, timeZone });
    await recordSystemActivity(
      trx,
      {
        leadId: row.lead_id,
        userId: await findOrCreateSystemUserId(trx),
        type: 'note',
        subject: `Quote v${row.version} declined`,
        description: decline.reason ? `Reason: ${decline.reason}` : 'No reason given.',
      },
      now,
    );
    return answerOf(declined);
  });
}

/**
 * For booking from the link: the quote, locked until the transaction ends (one customer's bookings
 * take turns), as the API answers it. Only an accepted quote can be booked: 409 before the answer,
 * and the link's own 404 or 410 for a link that does not exist, or expired or was replaced unanswered.
 */
export async function lockAcceptedCustomerQuote(trx: Knex.Transaction, token: string, now: Date): Promise<Quote> {
  const row = await lockQuoteRowByTokenHash(trx, hashQuoteToken(token));
  return acceptedOrRefused(trx, row, now);
}

/** The accepted quote behind a link (read only: the free windows, the page). */
export async function findAcceptedCustomerQuote(db: Knex, token: string, now: Date): Promise<Quote> {
  return acceptedOrRefused(db, await findQuoteRowByTokenHash(db, hashQuoteToken(token)), now);
}

async function acceptedOrRefused(db: Knex, row: QuoteRow | undefined, now: Date): Promise<Quote> {
  if (!row) throw new AppError(404, API_ERRORS.quoteLinkUnknown);
  refuseClosed(row, (await findLead(db, row.lead_id))?.status, now);
  if (row.status !== 'accepted') throw new AppError(409, BOOKING_MESSAGES.notAccepted);
  return toQuote(row, now);
}

/** A stored quote as the API answers it (the card section of the page reads its prices). */
export { toQuote } from './quote-mapper.ts';

/** The customer's link: for another feature's e-mail (the booking confirmation). */
export { quoteUrlOf } from './quote-tokens.ts';
export { type BookingSection, closedKindOf, renderClosedQuotePage } from './quote-page.ts';

/** The page of an accepted quote with `booking` (scheduling's section) in it, for a form's answer. */
export async function renderAcceptedQuotePage(
  db: Knex,
  token: string,
  timeZone: string,
  now: Date,
  booking: (quote: Quote) => Promise<BookingSection>,
  card?: (quote: Quote) => Promise<string>,
): Promise<string> {
  const found = await findCustomerQuote(db, token);
  const quote = toQuote(found.row, now);
  const section = await booking(quote);
  return renderQuotePage({
    token,
    quote,
    firstName: found.lead.firstName,
    timeZone,
    booking: section,
    ...(card && section.booked && !section.done ? { card: await card(quote) } : {}),
  });
}
