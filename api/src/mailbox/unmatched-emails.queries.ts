// unmatched_emails: what the mailbox held for staff (unmatched-emails.service.ts).
import type { UnmatchedEmailStatus } from '@shine/shared/conversations';
import type { Knex } from 'knex';

export interface UnmatchedEmailRow {
  id: string;
  mailbox: string;
  external_id: string;
  source_digest: string;
  sender: string | null;
  /** Recipients, one per line. */
  recipients: string;
  subject: string | null;
  body: string;
  header_date: Date | null;
  received_at: Date;
  reason: string;
  authentication: string | null;
  status: UnmatchedEmailStatus;
  lead_id: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    unmatched_emails: UnmatchedEmailRow;
  }
}

export type NewUnmatchedEmail = Pick<
  UnmatchedEmailRow,
  | 'mailbox'
  | 'external_id'
  | 'source_digest'
  | 'sender'
  | 'recipients'
  | 'subject'
  | 'body'
  | 'header_date'
  | 'received_at'
  | 'reason'
  | 'authentication'
>;

/** Holds the message unless the same bytes from the same mailbox are held already; answers the new row's id or undefined. */
export async function insertUnmatchedEmailOnce(db: Knex, email: NewUnmatchedEmail): Promise<string | undefined> {
  const [row] = await db('unmatched_emails')
    .insert(email)
    .onConflict(['mailbox', 'source_digest'])
    .ignore()
    .returning('id');
  return (row as { id: string } | undefined)?.id;
}

export type UnmatchedEmailListRow = UnmatchedEmailRow & { lead_name: string | null; resolved_by_name: string | null };

export interface NameQueries {
  lead: (leadId: string) => Knex.QueryBuilder;
  user: (userId: string) => Knex.QueryBuilder;
}

function selectWithNames(db: Knex, names: NameQueries): Knex.QueryBuilder {
  return db('unmatched_emails as u').select(
    'u.*',
    names.lead('u.lead_id').as('lead_name'),
    names.user('u.resolved_by').as('resolved_by_name'),
  );
}

export async function listUnmatchedEmailRows(
  db: Knex,
  status: UnmatchedEmailStatus | 'all',
  names: NameQueries,
  limit: number,
): Promise<{ rows: UnmatchedEmailListRow[]; total: number }> {
  const rows = (await selectWithNames(db, names)
    .modify((query) => (status === 'all' ? query : query.where('u.status', status)))
    .orderBy([
      { column: 'u.received_at', order: 'desc' },
      { column: 'u.id', order: 'desc' },
    ])
    .limit(limit)) as UnmatchedEmailListRow[];
  return { rows, total: await countUnmatchedEmailRows(db, status) };
}

export async function countUnmatchedEmailRows(db: Knex, status: UnmatchedEmailStatus | 'all'): Promise<number> {
  const counted = (await db('unmatched_emails as u')
    .modify((query) => (status === 'all' ? query : query.where('u.status', status)))
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(counted?.n ?? 0);
}

export async function findUnmatchedEmailListRow(
  db: Knex,
  id: string,
  names: NameQueries,
): Promise<UnmatchedEmailListRow | undefined> {
  return (await selectWithNames(db, names).where('u.id', id).first()) as UnmatchedEmailListRow | undefined;
}

export async function findUnmatchedEmailRow(db: Knex, id: string): Promise<UnmatchedEmailRow | undefined> {
  return (await db('unmatched_emails').where({ id }).first()) as UnmatchedEmailRow | undefined;
}

/** Marks it attached or dismissed by the person, unless it was attached meanwhile; answers whether it changed. */
export async function resolveUnmatchedEmail(
  db: Knex,
  id: string,
  change: { status: 'attached' | 'dismissed'; lead_id: string | null; resolved_by: string; resolved_at: Date },
): Promise<boolean> {
  const updated = await db('unmatched_emails').where({ id }).whereNot('status', 'attached').update(change);
  return updated > 0;
}

/** Puts it back as it was (the attaching failed after the claim). */
export async function restoreUnmatchedEmail(
  db: Knex,
  id: string,
  before: Pick<UnmatchedEmailRow, 'status' | 'lead_id' | 'resolved_by' | 'resolved_at'>,
): Promise<void> {
  await db('unmatched_emails').where({ id }).update(before);
}
