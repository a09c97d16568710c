// quotes and quote_events: the quotes feature's tables (docs/architecture.md#table-ownership).
import type { StoredQuoteStatus } from '@shine/shared/quotes';
import type { Knex } from 'knex';
import { toJsonb } from '../db/jsonb.ts';

export type { StoredQuoteStatus };

export interface QuoteRow {
  id: string;
  lead_id: string;
  version: number;
  status: StoredQuoteStatus;
  /** QuoteContent (packages/shared/src/quote-pricing.ts). */
  content: unknown;
  /** QuotePricing, as computed when last saved. */
  pricing: unknown;
  // bigint: the pg driver answers strings, PGlite numbers.
  subtotal_cents: string | number;
  discount_cents: string | number;
  tax_cents: string | number;
  total_cents: string | number;
  valid_days: number;
  message: string | null;
  token_hash: string | null;
  created_by: string | null;
  sent_by: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  valid_until: Date | null;
  viewed_at: Date | null;
  answered_at: Date | null;
  accepted_name: string | null;
  preferred_dates: unknown;
  customer_note: string | null;
  decline_reason: string | null;
}

export interface QuoteEventRow {
  id: string;
  quote_id: string;
  kind: 'viewed' | 'accepted' | 'declined';
  at: Date;
  user_agent: string | null;
  client_ip: string | null;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    quotes: QuoteRow;
    quote_events: QuoteEventRow;
  }
}

/** What a save writes: the content and what it comes to. */
export interface QuoteFigures {
  content: unknown;
  pricing: unknown;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  valid_days: number;
  message: string | null;
}

function withJsonb(db: Knex, figures: QuoteFigures) {
  return {
    ...figures,
    content: toJsonb(db, figures.content) as unknown,
    pricing: toJsonb(db, figures.pricing) as unknown,
  };
}

export function findQuoteRow(db: Knex, id: string): Promise<QuoteRow | undefined> {
  return db('quotes').where({ id }).first();
}

export function lockQuoteRow(trx: Knex.Transaction, id: string): Promise<QuoteRow | undefined> {
  return trx('quotes').where({ id }).forUpdate().first();
}

export function lockQuoteRowByTokenHash(trx: Knex.Transaction, tokenHash: string): Promise<QuoteRow | undefined> {
  return trx('quotes').where({ token_hash: tokenHash }).forUpdate().first();
}

export function findQuoteRowByTokenHash(db: Knex, tokenHash: string): Promise<QuoteRow | undefined> {
  return db('quotes').where({ token_hash: tokenHash }).first();
}

/** A lead's versions, newest first. */
export function listQuoteRowsOfLead(db: Knex, leadId: string): Promise<QuoteRow[]> {
  return db('quotes').where({ lead_id: leadId }).orderBy('version', 'desc');
}

/** The lead's newest version, locked (the next version is numbered after it). */
export function lockLatestQuoteRowOfLead(trx: Knex.Transaction, leadId: string): Promise<QuoteRow | undefined> {
  return trx('quotes').where({ lead_id: leadId }).orderBy('version', 'desc').forUpdate().first();
}

export async function insertQuoteRow(
  trx: Knex,
  quote: QuoteFigures & { lead_id: string; version: number; created_by: string; now: Date },
): Promise<QuoteRow> {
  const { now, ...figures } = quote;
  const [row] = await trx('quotes')
    .insert({ ...figures, ...withJsonb(trx, figures), status: 'draft', created_at: now, updated_at: now })
    .returning('*');
  return row as QuoteRow;
}

export async function updateQuoteFigures(trx: Knex, id: string, figures: QuoteFigures, now: Date): Promise<QuoteRow> {
  const [row] = await trx('quotes')
    .where({ id })
    .update({ ...withJsonb(trx, figures), updated_at: now })
    .returning('*');
  return row as QuoteRow;
}

export async function markQuoteSent(
  trx: Knex,
  id: string,
  sent: { tokenHash: string; sentBy: string; sentAt: Date; validUntil: Date },
): Promise<QuoteRow> {
  const [row] = await trx('quotes')
    .where({ id })
    .update({
      status: 'sent',
      token_hash: sent.tokenHash,
      sent_by: sent.sentBy,
      sent_at: sent.sentAt,
      valid_until: sent.validUntil,
      updated_at: sent.sentAt,
    })
    .returning('*');
  return row as QuoteRow;
}

/** A new link for a sent quote: the old one stops working. */
export async function replaceQuoteToken(trx: Knex, id: string, tokenHash: string, now: Date): Promise<QuoteRow> {
  const [row] = await trx('quotes').where({ id }).update({ token_hash: tokenHash, updated_at: now }).returning('*');
  return row as QuoteRow;
}

/**
 * The lead's other versions still standing, sent or accepted: a newer one sent retires them (the
 * UPDATE waits for a customer's answer or booking holding one of those rows, then sees its outcome).
 */
export async function supersedeOlderQuotesOfLead(
  trx: Knex,
  leadId: string,
  exceptId: string,
  now: Date,
): Promise<number> {
  return trx('quotes')
    .where({ lead_id: leadId })
    .whereIn('status', ['sent', 'accepted'])
    .whereNot({ id: exceptId })
    .update({ status: 'superseded', updated_at: now });
}

export async function markQuoteWithdrawn(trx: Knex, id: string, now: Date): Promise<QuoteRow> {
  const [row] = await trx('quotes').where({ id }).update({ status: 'withdrawn', updated_at: now }).returning('*');
  return row as QuoteRow;
}

/** Whether this call marked it (false: it was viewed already). */
export async function markQuoteViewed(trx: Knex, id: string, now: Date): Promise<boolean> {
  return (await trx('quotes').where({ id }).whereNull('viewed_at').update({ viewed_at: now })) > 0;
}

export async function markQuoteAccepted(
  trx: Knex,
  id: string,
  answer: { name: string; preferredDates: unknown; note: string | null; now: Date },
): Promise<QuoteRow> {
  const [row] = await trx('quotes')
    .where({ id })
    .update({
      status: 'accepted',
      answered_at: answer.now,
      accepted_name: answer.name,
      preferred_dates: toJsonb(trx, answer.preferredDates) as unknown,
      customer_note: answer.note,
      updated_at: answer.now,
    })
    .returning('*');
  return row as QuoteRow;
}

export async function markQuoteDeclined(trx: Knex, id: string, reason: string | null, now: Date): Promise<QuoteRow> {
  const [row] = await trx('quotes')
    .where({ id })
    .update({ status: 'declined', answered_at: now, decline_reason: reason, updated_at: now })
    .returning('*');
  return row as QuoteRow;
}

export async function insertQuoteEvent(
  trx: Knex,
  event: Pick<QuoteEventRow, 'quote_id' | 'kind' | 'at' | 'user_agent' | 'client_ip'>,
): Promise<void> {
  await trx('quote_events').insert(event);
}

export function listQuoteEventRows(db: Knex, quoteId: string): Promise<QuoteEventRow[]> {
  return db('quote_events').where({ quote_id: quoteId }).orderBy('at', 'asc');
}

/**
 * Sent quotes still waiting for an answer (not answered, replaced or expired) as of `now`: a subquery
 * of (lead_id, quote_id, sent_at) for the automation engine's quote_not_answered.
 */
export function openSentQuotesQuery(db: Knex, now: Date): Knex.QueryBuilder {
  return db('quotes')
    .select('lead_id', 'id as quote_id', 'sent_at')
    .where({ status: 'sent' })
    .whereNull('answered_at')
    .where('valid_until', '>', now);
}
