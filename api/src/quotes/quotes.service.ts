// Staff's side of quotes (docs/decisions.md, "Quotes"): drafts from the lead's instant estimate,
// edits while a draft, sending (which freezes the version, replaces the lead's older sent ones and
// sets the lead Quoted), the versions of a lead. The customer's side is customer-quotes.service.ts.
import { DEFAULT_QUOTE_VALID_DAYS, type QuoteCreate, type QuoteUpdate } from '@shine/shared/quotes';
import { formatDollars, perVisitPricing, type QuoteContent } from '@shine/shared/quote-pricing';
import { listPriceOf, recurringDiscountPercentOf } from '@shine/shared/pricing';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import type { Quote } from '@shine/shared/responses/quotes';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { z } from 'zod';
import { addActivity } from '../activities/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { SignedInUser } from '../http/auth-guard.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { changeLeadStatusForQuote, findLead } from '../leads/index.ts';
import { applyQuoteUpdate, figuresOf, statusOf, toQuote } from './quote-mapper.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { newQuoteToken, quoteUrlOf } from './quote-tokens.ts';
import {
  findQuoteRow,
  insertQuoteRow,
  listQuoteRowsOfLead,
  lockLatestQuoteRowOfLead,
  lockQuoteRow,
  markQuoteSent,
  markQuoteWithdrawn,
  openSentQuotesQuery,
  type QuoteRow,
  replaceQuoteToken,
  supersedeOlderQuotesOfLead,
  updateQuoteFigures,
} from './quotes.queries.ts';

const DAY_MS = 86_400_000;

/** The company's quote defaults: the tax rate is the payments setting's (Settings → Payments). */
export interface QuoteDefaults {
  taxRateBasisPoints: number;
}

async function leadOrThrow(db: Knex, leadId: string): Promise<Lead> {
  const lead = await findLead(db, leadId);
  if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
  return lead;
}

// The lead's home as the form's choices; a value from before the choices were enforced becomes the smallest.
const homeSchema = z.object({
  cleaningType: z.enum(CLEANING_TYPES).catch('Basic'),
  bedrooms: z.enum(BEDROOM_CHOICES).catch('1'),
  bathrooms: z.enum(BATHROOM_CHOICES).catch('1'),
  frequency: z.enum(FREQUENCIES).catch('One Time'),
});

/** A first draft: the lead's instant estimate (its list price and recurring discount) and WELCOME40. */
export function contentFromEstimate(lead: Lead, defaults: QuoteDefaults): QuoteContent {
  const home = homeSchema.parse(lead);
  const breakdown = lead.estimate?.kind === 'estimate' ? lead.estimate.breakdown : undefined;
  const dollars = breakdown?.subtotal ?? listPriceOf(home).subtotal;
  return {
    cleaning: { ...home, priceCents: dollars * 100 },
    addOns: [],
    welcomeDiscount: true,
    recurringDiscountPercent: breakdown?.discountPercent ?? recurringDiscountPercentOf(home),
    customDiscount: null,
    taxRateBasisPoints: defaults.taxRateBasisPoints,
  };
}

/** The versions of a lead's quote, newest first. */
export async function listQuotesOfLead(db: Knex, leadId: string, now: Date): Promise<Quote[]> {
  await leadOrThrow(db, leadId);
  return (await listQuoteRowsOfLead(db, leadId)).map((row) => toQuote(row, now));
}

export async function findQuote(db: Knex, id: string, now: Date): Promise<Quote> {
  const row = await findQuoteRow(db, id);
  if (!row) throw new AppError(404, API_ERRORS.quoteNotFound);
  return toQuote(row, now);
}

/**
 * POST /api/admin/leads/{id}/quotes: the next version, as a draft. The first starts from the lead's
 * instant estimate, a later one from the newest version (editing a sent quote means a new version);
 * `create` may change it at once. One draft per lead at a time (409 otherwise).
 */
export function createQuoteDraft(
  db: Knex,
  actorId: string,
  leadId: string,
  create: QuoteCreate,
  defaults: QuoteDefaults,
  now: Date,
): Promise<Quote> {
  return db.transaction(async (trx) => {
    const lead = await leadOrThrow(trx, leadId);
    const latest = await lockLatestQuoteRowOfLead(trx, leadId);
    if (latest?.status === 'draft') throw new AppError(409, API_ERRORS.quoteDraftExists);
    const base = latest ? (latest.content as QuoteContent) : contentFromEstimate(lead, defaults);
    const figures = figuresOf(
      applyQuoteUpdate(base, create),
      create.validDays ?? latest?.valid_days ?? DEFAULT_QUOTE_VALID_DAYS,
      create.message === undefined ? (latest?.message ?? null) : create.message,
    );
    const row = await insertQuoteRow(trx, {
      ...figures,
      lead_id: leadId,
      version: (latest?.version ?? 0) + 1,
      created_by: actorId,
      now,
    });
    return toQuote(row, now);
  });
}

/** PATCH /api/admin/quotes/{id}: a draft only; a sent version is frozen (409). */
export function updateQuoteDraft(db: Knex, id: string, update: QuoteUpdate, now: Date): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await lockQuoteRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.quoteNotFound);
    if (row.status !== 'draft') throw new AppError(409, API_ERRORS.quoteFrozen);
    const figures = figuresOf(
      applyQuoteUpdate(row.content as QuoteContent, update),
      update.validDays ?? row.valid_days,
      update.message === undefined ? row.message : update.message,
    );
    return toQuote(await updateQuoteFigures(trx, id, figures, now), now);
  });
}

/** The send's answer (POST /api/admin/quotes/{id}/send). */
export interface SentQuote {
  quote: Quote;
  /** The customer's link: only ever in the answer and the e-mail (the table keeps the token's hash). */
  url: string;
  /** Whether the quote-email reaction will e-mail it (asked for, a mail server, and the lead has an address). */
  emailed: boolean;
}

export function validUntilText(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone }).format(date);
}

/**
 * POST /api/admin/quotes/{id}/send by `actorId`. A draft is frozen with a new link, valid for its
 * days; the lead's older versions still standing, sent or accepted, are superseded (their links say so and
 * book nothing), the lead goes
 * to Quoted, and the timeline says so. A sent quote nobody answered yet gets a new link (the old one
 * stops working), e.g. when the customer lost the e-mail: the link is only known when it is made.
 */
export function sendQuote(
  db: Knex,
  actorId: string,
  id: string,
  now: Date,
  timeZone: string,
  /** Where the customer's page is, and whether the quote is to be e-mailed (after the commit). */
  delivery: { origin: string; email: boolean },
): Promise<SentQuote> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const row = await lockQuoteRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.quoteNotFound);
    const status = statusOf(row, now);
    if (status !== 'draft' && status !== 'sent') throw new AppError(409, API_ERRORS.quoteNotSendable);
    const { token, tokenHash } = newQuoteToken();
    let sent: QuoteRow;
    if (status === 'draft') {
      const validUntil = new Date(now.getTime() + row.valid_days * DAY_MS);
      sent = await markQuoteSent(trx, id, { tokenHash, sentBy: actorId, sentAt: now, validUntil });
      await supersedeOlderQuotesOfLead(trx, row.lead_id, id, now);
      await changeLeadStatusForQuote(trx, outbox, actorId, row.lead_id, 'Quoted');
    } else {
      sent = await replaceQuoteToken(trx, id, tokenHash, now);
    }
    const total = formatDollars(Number(sent.total_cents));
    await addActivity(trx, {
      leadId: row.lead_id,
      userId: actorId,
      type: 'note',
      subject:
        status === 'draft' ? `Quote v${row.version} sent: ${total}` : `Quote v${row.version}: new link sent (${total})`,
      description: `Valid until ${validUntilText(sent.valid_until ?? now, timeZone)}.${status === 'sent' ? ' The earlier link no longer works.' : ''}`,
      status: 'completed',
      scheduledAt: null,
      completedAt: now,
    });
    const lead = await leadOrThrow(trx, row.lead_id);
    const emailed = delivery.email && Boolean(lead.email);
    const url = quoteUrlOf(delivery.origin, token);
    // The link only where the e-mail needs it.
    await outbox.quoteSent(row.lead_id, { quoteId: id, actorId, email: emailed, url: emailed ? url : '' });
    return { quote: toQuote(sent, now), url, emailed };
  });
}

/**
 * POST /api/admin/quotes/{id}/withdraw: an admin or the lead's assignee takes back a sent or accepted
 * quote. Its link then books, changes and answers nothing (410 with the phone number); a booking
 * already made stays until staff cancel it. Audited, on the timeline.
 */
export function withdrawQuote(
  db: Knex,
  actor: Pick<SignedInUser, 'id' | 'role'>,
  id: string,
  now: Date,
): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await lockQuoteRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.quoteNotFound);
    const lead = await leadOrThrow(trx, row.lead_id);
    if (actor.role !== 'admin' && lead.assignedTo !== actor.id) {
      throw new AppError(403, API_ERRORS.quoteWithdrawForbidden);
    }
    if (row.status !== 'sent' && row.status !== 'accepted') throw new AppError(409, API_ERRORS.quoteNotWithdrawable);
    const withdrawn = await markQuoteWithdrawn(trx, id, now);
    await recordAudit(trx, {
      actorId: actor.id,
      entity: 'lead',
      entityId: row.lead_id,
      leadId: row.lead_id,
      action: 'quote_withdrawn',
      before: { quoteVersion: row.version, quoteStatus: row.status },
      after: { quoteVersion: row.version, quoteStatus: 'withdrawn' },
    });
    await addActivity(trx, {
      leadId: row.lead_id,
      userId: actor.id,
      type: 'note',
      subject: `Quote v${row.version} withdrawn`,
      description: 'The customer’s link now says the quote was withdrawn and books nothing.',
      status: 'completed',
      scheduledAt: null,
      completedAt: now,
    });
    return toQuote(withdrawn, now);
  });
}

/** GET /api/admin/quotes/{id}/pdf: the PDF of any version, as the customer sees it. */
export async function quotePdfOf(
  db: Knex,
  id: string,
  now: Date,
  timeZone: string,
): Promise<{ pdf: Buffer; version: number }> {
  const quote = await findQuote(db, id, now);
  const lead = await leadOrThrow(db, quote.leadId);
  return { pdf: await renderQuotePdf(quote, `${lead.firstName} ${lead.lastName}`, timeZone), version: quote.version };
}

/**
 * For quote_not_answered (automations): the lead_id, quote_id and sent_at of every sent quote still
 * waiting for an answer as of `now`. An answered, replaced or expired quote is no longer chased.
 */
export function openSentQuotes(db: Knex, now: Date): Knex.QueryBuilder {
  return openSentQuotesQuery(db, now);
}

/** The lead's newest accepted quote, if any (staff booking a visit by hand prices it from this). */
export async function latestAcceptedQuoteOfLead(db: Knex, leadId: string, now: Date): Promise<Quote | undefined> {
  return (await listQuoteRowsOfLead(db, leadId)).map((row) => toQuote(row, now)).find((q) => q.status === 'accepted');
}

/** What the quote's cleaning costs without WELCOME40, in cents (a first visit after the promotion was used). */
export async function regularTotalCentsOfQuote(db: Knex, quoteId: string): Promise<number | undefined> {
  const row = await findQuoteRow(db, quoteId);
  return row ? perVisitPricing(row.content as QuoteContent).totalCents : undefined;
}

/** What staff decided on the quote (its prices, discounts and tax rate), for the visit's invoice. */
export async function findQuoteContent(db: Knex, quoteId: string): Promise<QuoteContent | undefined> {
  const row = await findQuoteRow(db, quoteId);
  return row ? (row.content as QuoteContent) : undefined;
}

/** A sent quote with no answer yet, for My Day. */
export interface QuoteAwaitingAnswer {
  quoteId: string;
  leadId: string;
  version: number;
  sentAt: Date;
}

/**
 * Sent quotes still open as of `now` and sent before `sentBefore`, oldest first; `onlyLeads`: those of
 * a subquery's leads (the person's own), absent: every lead's.
 */
export async function listQuotesAwaitingAnswer(
  db: Knex,
  now: Date,
  sentBefore: Date,
  onlyLeads: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<QuoteAwaitingAnswer[]> {
  const query = db
    .from(openSentQuotesQuery(db, now).select('version').as('q'))
    .where('q.sent_at', '<', sentBefore)
    .orderBy([{ column: 'q.sent_at' }, { column: 'q.quote_id' }])
    .limit(limit);
  if (onlyLeads) query.whereIn('q.lead_id', onlyLeads);
  const rows = (await query) as Array<{ lead_id: string; quote_id: string; sent_at: Date; version: number }>;
  return rows.map((row) => ({
    quoteId: row.quote_id,
    leadId: row.lead_id,
    version: Number(row.version),
    sentAt: new Date(row.sent_at),
  }));
}
