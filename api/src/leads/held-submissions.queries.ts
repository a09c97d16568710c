// held_submissions: quote requests a spam rule caught, kept whole until staff release or delete them,
// or the retention purge removes them.
import type { Knex } from 'knex';
import type { HeldSubmissionRow } from '../db/tables.ts';
import { toJsonb } from '../db/jsonb.ts';

export type NewHeldSubmissionRow = Omit<HeldSubmissionRow, 'id'>;

export async function insertHeldSubmission(db: Knex, held: NewHeldSubmissionRow): Promise<HeldSubmissionRow> {
  const [row] = await db('held_submissions')
    .insert({ ...held, payload: toJsonb(db, held.payload) })
    .returning('*');
  if (!row) throw new Error('held submission insert returned no row');
  return row as HeldSubmissionRow;
}

/** Newest first (held_submissions_received_idx). */
export async function listHeldSubmissionRows(
  db: Knex,
  { limit, offset }: { limit: number; offset: number },
): Promise<HeldSubmissionRow[]> {
  return (await db('held_submissions')
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .offset(offset)) as HeldSubmissionRow[];
}

/** How many are waiting, by rule. */
export async function countHeldSubmissionsByRule(db: Knex): Promise<Map<string, number>> {
  const rows = (await db('held_submissions').select('rule').count({ count: '*' }).groupBy('rule')) as Array<{
    rule: string;
    count: string | number;
  }>;
  return new Map(rows.map((row) => [row.rule, Number(row.count)]));
}

/** Inside a transaction: the held submission, locked so that two releases cannot both take it. */
/** One held submission, or undefined. */
export async function findHeldSubmission(db: Knex, id: string): Promise<HeldSubmissionRow | undefined> {
  return db<HeldSubmissionRow>('held_submissions').where({ id }).first();
}

export async function lockHeldSubmission(trx: Knex.Transaction, id: string): Promise<HeldSubmissionRow | undefined> {
  return (await trx('held_submissions').where({ id }).forUpdate().first()) as HeldSubmissionRow | undefined;
}

/** The deleted row, or undefined when there was none. */
export async function deleteHeldSubmission(db: Knex, id: string): Promise<HeldSubmissionRow | undefined> {
  // returning: the affected-row count is not answered the same way by both drivers.
  const [row] = await db('held_submissions').where({ id }).delete().returning('*');
  return row as HeldSubmissionRow | undefined;
}

/** Removes held submissions received before `before`; answers how many. */
export async function deleteHeldSubmissionsBefore(db: Knex, before: Date): Promise<number> {
  const rows = await db('held_submissions').where('received_at', '<', before).delete().returning('id');
  return rows.length;
}
