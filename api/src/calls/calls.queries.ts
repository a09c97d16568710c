// The calls table (api/src/db/migrations/20261204090000_calls.ts): one row per provider call id.
import type { CallStatus } from '@shine/shared/calls';
import type { Knex } from 'knex';
import { leadIdOfNumber, leadNameOf } from '../leads/index.ts';

export type CallTextStatus = 'pending' | 'sent' | 'skipped' | 'not_sent' | 'failed';

export interface CallRow {
  id: string;
  call_sid: string;
  from_phone: string;
  from_digits: string | null;
  to_phone: string | null;
  status: CallStatus;
  started_at: Date;
  outcome_at: Date | null;
  duration_seconds: number | null;
  recording_url: string | null;
  lead_id: string | null;
  owner_id: string | null;
  rang_user_ids: string[];
  text_status: CallTextStatus | null;
  text_reason: string | null;
  text_body: string | null;
  text_at: Date | null;
  text_claimed_at: Date | null;
  text_sid: string | null;
  conversation_message_id: string | null;
  called_back_at: Date | null;
  called_back_by: string | null;
}

/** A call with its lead: `known_lead_id` is the call's lead, or the number's lead now. */
export type CallListRow = CallRow & { known_lead_id: string | null; lead_name: string | null };

/** The call of `callSid`, made when this is the first the product hears of it; locked for the transaction. */
export async function lockOrInsertCall(
  trx: Knex.Transaction,
  call: Pick<CallRow, 'call_sid' | 'from_phone' | 'from_digits' | 'to_phone' | 'started_at'>,
): Promise<{ row: CallRow; inserted: boolean }> {
  const inserted = (await trx('calls').insert(call).onConflict('call_sid').ignore().returning('*')) as CallRow[];
  if (inserted[0]) return { row: inserted[0], inserted: true };
  const row = (await trx('calls').where({ call_sid: call.call_sid }).forUpdate().first()) as CallRow;
  return { row, inserted: false };
}

export async function updateCall(db: Knex, id: string, change: Partial<CallRow>): Promise<CallRow> {
  const [row] = await db('calls').where({ id }).update(change).returning('*');
  return row as CallRow;
}

export function findCallRow(db: Knex, id: string): Promise<CallRow | undefined> {
  return db('calls').where({ id }).first();
}

/**
 * Takes the call's pending text to send: answers the row when it was pending and nobody holds it (or
 * the one who took it before `staleBefore` never finished), undefined otherwise.
 */
export async function claimCallText(db: Knex, id: string, now: Date, staleBefore: Date): Promise<CallRow | undefined> {
  const [row] = await db('calls')
    .where({ id, text_status: 'pending' })
    .where((query) => query.whereNull('text_claimed_at').orWhere('text_claimed_at', '<', staleBefore))
    .update({ text_claimed_at: now })
    .returning('*');
  return row as CallRow | undefined;
}

/** Pending texts whose sender stopped (never taken, or taken before `staleBefore`), oldest first. */
export function listStrandedCallTexts(db: Knex, staleBefore: Date, limit: number): Promise<CallRow[]> {
  return db('calls')
    .where({ text_status: 'pending' })
    .where('text_at', '<', staleBefore)
    .where((query) => query.whereNull('text_claimed_at').orWhere('text_claimed_at', '<', staleBefore))
    .orderBy('text_at')
    .limit(limit);
}

/** Serialises the decisions about texting one number (the 12-hour rule) until the transaction ends. */
export async function lockCallerNumber(trx: Knex.Transaction, digits: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`call-text:${digits}`]);
}

/** Whether a text back to the number was tried since `since` (a refused one counts: not tried again). */
export async function wasNumberTextedSince(db: Knex, digits: string, since: Date): Promise<boolean> {
  const row = await db('calls')
    .where({ from_digits: digits })
    .whereIn('text_status', ['pending', 'sent', 'failed'])
    .where('text_at', '>=', since)
    .first('id');
  return row !== undefined;
}

/**
 * Calls with their lead: the one the call was filed on, else the number's lead now (a stranger who
 * later sent a quote request, or was made a lead), and its name.
 */
function callsWithLead(db: Knex): Knex.QueryBuilder {
  const resolved = db('calls as r').select(
    'r.*',
    db.raw('coalesce(r.lead_id, (?)) as known_lead_id', [leadIdOfNumber(db, 'r.from_digits')]),
  );
  return db
    .from(resolved.as('c'))
    .select('c.*', db.raw("nullif(trim((?)), '') as lead_name", [leadNameOf(db, 'c.known_lead_id')]));
}

export async function listCallRows(
  db: Knex,
  filter: { status: CallStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: CallListRow[]; total: number }> {
  const where = (query: Knex.QueryBuilder) => (filter.status ? query.where('c.status', filter.status) : query);
  const [rows, count] = await Promise.all([
    where(callsWithLead(db))
      .orderBy([
        { column: 'c.started_at', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(page.offset) as Promise<CallListRow[]>,
    where(db('calls as c')).count({ n: '*' }).first() as Promise<{ n: string | number } | undefined>,
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findCallListRow(db: Knex, id: string): Promise<CallListRow | undefined> {
  return (await callsWithLead(db).where('c.id', id).first()) as CallListRow | undefined;
}

/** Missed calls nobody called back yet, of `ownerId` (null: everyone's), oldest first. */
export function listCallsToCallBack(db: Knex, ownerId: string | null, limit: number): Promise<CallListRow[]> {
  const query = callsWithLead(db)
    .whereIn('c.status', ['missed', 'voicemail'])
    .whereNull('c.called_back_at')
    .orderBy([
      { column: 'c.started_at', order: 'asc' },
      { column: 'c.id', order: 'asc' },
    ])
    .limit(limit);
  if (ownerId) query.where('c.owner_id', ownerId);
  return query as Promise<CallListRow[]>;
}

/** Marks the call called back (the first mark stays); answers the row, or undefined when there is none. */
export async function markCallRowCalledBack(
  db: Knex,
  id: string,
  userId: string,
  at: Date,
): Promise<CallRow | undefined> {
  await db('calls').where({ id }).whereNull('called_back_at').update({ called_back_at: at, called_back_by: userId });
  return findCallRow(db, id);
}
