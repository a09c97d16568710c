// The queries of lead intake: repeat-request matching and merging, rejected submissions, and their
// aggregates for the dashboard (computed in SQL).
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { sqlStringList } from '../db/sql-text.ts';
import type { LeadRow } from '../db/tables.ts';
import type { LeadChanges, LeadRequestColumn } from './leads.queries.ts';

/** The lead a request repeats: the exact expressions of the leads_email_lower / phone_digits indexes. */
const EMAIL_MATCH = 'lower(email) = lower(?)';
const PHONE_MATCH = "regexp_replace(phone, '[^0-9]', '', 'g') = ?";
/** Closed leads sort after open ones: a sort expression, so written into the SQL. */
const CLOSED = sqlStringList(CLOSED_LEAD_STATUSES);

/**
 * Serialises intake per e-mail and per phone until the transaction ends, so that two copies of one
 * request sent at once make one lead, not two. Keys are taken in order (no deadlock between two).
 */
export async function lockIntakeKeys(trx: Knex.Transaction, keys: string[]): Promise<void> {
  // One statement: the sorted subquery's order is the order the locks are taken in.
  await trx.raw(
    'select pg_advisory_xact_lock(hashtext(key)) from (select unnest(?::text[]) as key order by 1) as sorted',
    [[...new Set(keys)]],
  );
}

/** How many leads of the same e-mail or phone intake weighs (open ones first, then the newest). */
export const REPEAT_CANDIDATES_MAX = 50;

/**
 * The leads a new request may repeat or share a phone with: those of the same e-mail or phone digits,
 * open ones first, then the newest. Whether one is the same person is the service's rule
 * (repeatMatchOf); this only finds them. `phoneDigits` null = do not match on phone.
 */
export async function findRepeatCandidates(db: Knex, email: string, phoneDigits: string | null): Promise<LeadRow[]> {
  const query = db('leads')
    .select('*')
    .where((where) => {
      where.whereRaw(EMAIL_MATCH, [email]);
      if (phoneDigits) where.orWhereRaw(PHONE_MATCH, [phoneDigits]);
    })
    .orderByRaw(`(status in (${CLOSED})), created_at desc, id desc`)
    .limit(REPEAT_CANDIDATES_MAX);
  return (await query) as LeadRow[];
}

/** Links a new lead and each of `otherIds` (leads of other people with the same phone), both ways. */
export async function insertSamePhoneLinks(db: Knex, leadId: string, otherIds: readonly string[]): Promise<void> {
  if (otherIds.length === 0) return;
  await db('same_phone_links')
    .insert(
      otherIds.flatMap((otherId) => [
        { lead_id: leadId, other_lead_id: otherId },
        { lead_id: otherId, other_lead_id: leadId },
      ]),
    )
    .onConflict(['lead_id', 'other_lead_id'])
    .ignore();
}

export type RepeatChanges = LeadChanges &
  Partial<Pick<LeadRow, LeadRequestColumn | 'details_differ_request_id' | 'sms_consent_at' | 'sms_consent_text'>>;

/**
 * When the number with these national digits (its last ten) answered STOP, if it has not answered
 * START since: the opt-out belongs to the number, so a new lead of the same phone inherits it.
 */
export async function findSmsOptOutOfNumber(db: Knex, nationalDigits: string): Promise<Date | null> {
  const row = (await db('leads')
    .whereRaw('right(phone_digits, 10) = ?', [nationalDigits])
    .max({ at: 'sms_opted_out_at' })
    .first()) as { at: Date | null } | undefined;
  return row?.at ?? null;
}

/**
 * Changes of a repeat request kept on its lead, plus the repeat counter and the request times. `at`
 * is when the request arrived (a request released from hold may be older than the lead's latest).
 */
export async function updateLeadForRepeat(
  db: Knex,
  id: string,
  changes: RepeatChanges,
  at: Date,
): Promise<LeadRow | undefined> {
  const [row] = await db('leads')
    .where({ id })
    .update({
      ...changes,
      repeat_count: db.raw('repeat_count + 1'),
      last_repeat_at: db.raw('greatest(last_repeat_at, ?::timestamptz)', [at.toISOString()]),
      last_request_at: db.raw('greatest(last_request_at, ?::timestamptz)', [at.toISOString()]),
      updated_at: db.raw('greatest(updated_at, ?::timestamptz)', [at.toISOString()]),
    })
    .returning('*');
  return row as LeadRow | undefined;
}

/** Locks the lead for a staff activity (serialising them per lead) and answers its clock fields. */
export async function lockLeadForContact(
  trx: Knex.Transaction,
  id: string,
): Promise<Pick<LeadRow, 'created_at' | 'first_contacted_at'> | undefined> {
  const row = await trx('leads').where({ id }).forNoKeyUpdate().first('created_at', 'first_contacted_at');
  return row as Pick<LeadRow, 'created_at' | 'first_contacted_at'> | undefined;
}

export async function setFirstContact(db: Knex, id: string, at: Date, minutes: number): Promise<void> {
  await db('leads')
    .where({ id })
    .whereNull('first_contacted_at')
    .update({ first_contacted_at: at, speed_to_lead_minutes: minutes });
}

/** One more rejected submission for the business date `at` falls on in `timeZone`. */
export async function countRejection(db: Knex, rule: string, at: Date, timeZone: string): Promise<void> {
  await db.raw(
    `insert into intake_rejections (day, rule, count) values ((?::timestamptz at time zone ?)::date, ?, 1)
     on conflict (day, rule) do update set count = intake_rejections.count + 1`,
    [at.toISOString(), timeZone, rule],
  );
}

/** Rejections per rule over the last `days` business dates (today included). */
export async function sumRejections(db: Knex, now: Date, timeZone: string, days: number): Promise<Map<string, number>> {
  const result = await db.raw<{ rows: Array<{ rule: string; count: number }> }>(
    `select rule, sum(count)::int as count from intake_rejections
      where day > (?::timestamptz at time zone ?)::date - ?::int
      group by rule`,
    [now.toISOString(), timeZone, days],
  );
  return new Map(result.rows.map((row) => [row.rule, Number(row.count)]));
}

/** Open leads with no staff activity whose contact due time has passed (leads_awaiting_contact_idx). */
export async function countAwaitingContact(db: Knex, now: Date): Promise<number> {
  const row = (await db('leads')
    .whereNull('first_contacted_at')
    .whereNotIn('status', CLOSED_LEAD_STATUSES)
    .where('contact_due_at', '<=', now)
    .first(db.raw('count(*)::int as count'))) as { count: number } | undefined;
  return Number(row?.count ?? 0);
}
