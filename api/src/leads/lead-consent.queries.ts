// The consent columns of leads (migration 20251202090100): e-mail unsubscribes and SMS opt-outs, and
// finding the leads of a phone number by its national digits (the last ten, leads_phone_national_idx).
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { sqlStringList } from '../db/sql-text.ts';
import type { LeadRow } from '../db/tables.ts';

const NATIONAL_DIGITS = 'right(phone_digits, 10) = ?';
const CLOSED = sqlStringList(CLOSED_LEAD_STATUSES);

/** Marks the lead unsubscribed unless it is already; answers the lead's unsubscribe time, undefined: no lead. */
export async function setEmailUnsubscribed(
  trx: Knex,
  leadId: string,
  at: Date,
): Promise<{ at: Date; changed: boolean } | undefined> {
  const lead = await trx('leads').where({ id: leadId }).forNoKeyUpdate().first('email_unsubscribed_at');
  if (!lead) return undefined;
  if (lead.email_unsubscribed_at) return { at: lead.email_unsubscribed_at, changed: false };
  await trx('leads').where({ id: leadId }).update({ email_unsubscribed_at: at, updated_at: trx.fn.now() });
  return { at, changed: true };
}

/** The leads of a number, the most recent open one first (then the most recent closed). */
export function listLeadRowsOfNumber(db: Knex, nationalDigits: string): Promise<LeadRow[]> {
  return db('leads')
    .select('*')
    .whereRaw(NATIONAL_DIGITS, [nationalDigits])
    .orderByRaw(`(status in (${CLOSED})), last_request_at desc, id desc`);
}

/**
 * A scalar subquery: the id of the lead `listLeadRowsOfNumber` puts first for the national digits in
 * the SQL column `digitsColumn` (its most recent open lead), or null.
 */
export function leadIdOfNumberSubquery(db: Knex, digitsColumn: string): Knex.QueryBuilder {
  return db('leads as numbered')
    .select('numbered.id')
    .whereRaw(`right(numbered.phone_digits, 10) = ${digitsColumn}`)
    .orderByRaw(`(numbered.status in (${CLOSED})), numbered.last_request_at desc, numbered.id desc`)
    .limit(1);
}

/**
 * Opts every lead of the number out (at `at`) or back in (null), in the caller's transaction; answers
 * the leads it changed with their previous opt-out time.
 */
export async function setSmsOptOutOfNumber(
  trx: Knex,
  nationalDigits: string,
  at: Date | null,
): Promise<Array<{ id: string; previous: Date | null }>> {
  const query = trx('leads').whereRaw(NATIONAL_DIGITS, [nationalDigits]);
  if (at) query.whereNull('sms_opted_out_at');
  else query.whereNotNull('sms_opted_out_at');
  const rows = (await query.orderBy('id').forNoKeyUpdate().select('id', 'sms_opted_out_at')) as Array<
    Pick<LeadRow, 'id' | 'sms_opted_out_at'>
  >;
  if (rows.length === 0) return [];
  await trx('leads')
    .whereIn(
      'id',
      rows.map((row) => row.id),
    )
    .update({ sms_opted_out_at: at, updated_at: trx.fn.now() });
  return rows.map((row) => ({ id: row.id, previous: row.sms_opted_out_at }));
}

/** A lead made from a text of an unknown number: its phone, source SMS, the quote fields left blank. */
export async function insertLeadFromText(trx: Knex, phone: string, at: Date): Promise<LeadRow> {
  const [row] = await trx('leads')
    .insert({
      first_name: 'Unknown',
      last_name: `(text from ${phone})`.slice(0, 100),
      email: '',
      phone,
      zipcode: '',
      bedrooms: '',
      bathrooms: '',
      cleaning_type: '',
      frequency: '',
      notes: null,
      source: 'SMS',
      created_at: at,
      updated_at: at,
      last_request_at: at,
    })
    .returning('*');
  return row as LeadRow;
}

/**
 * The customer's own consent to texts (their account): recorded on the leads without one, with the
 * wording they agreed to; answers the leads changed.
 */
export async function setSmsConsentOfLeads(
  trx: Knex,
  leadIds: readonly string[],
  at: Date,
  text: string,
): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = (await trx('leads')
    .whereIn('id', leadIds)
    .whereNull('sms_consent_at')
    .update({ sms_consent_at: at, sms_consent_text: text, updated_at: trx.fn.now() })
    .returning('id')) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Automated e-mail back on (the customer's account): answers the leads changed with their previous time. */
export async function clearEmailUnsubscribed(
  trx: Knex,
  leadIds: readonly string[],
): Promise<Array<{ id: string; previous: Date }>> {
  if (leadIds.length === 0) return [];
  const rows = (await trx('leads')
    .whereIn('id', leadIds)
    .whereNotNull('email_unsubscribed_at')
    .forNoKeyUpdate()
    .select('id', 'email_unsubscribed_at')) as Array<Pick<LeadRow, 'id' | 'email_unsubscribed_at'>>;
  if (rows.length === 0) return [];
  await trx('leads')
    .whereIn(
      'id',
      rows.map((row) => row.id),
    )
    .update({ email_unsubscribed_at: null, updated_at: trx.fn.now() });
  return rows.map((row) => ({ id: row.id, previous: row.email_unsubscribed_at as Date }));
}
