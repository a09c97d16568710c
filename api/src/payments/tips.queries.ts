// tips (migration 20261205200200): only the payments feature reads and writes it.
import type { Knex } from 'knex';
import { leadNameOf } from '../leads/index.ts';

type Cents = string | number;

export interface TipRow {
  id: string;
  lead_id: string;
  visit_id: string | null;
  invoice_id: string | null;
  crew: number;
  crew_name: string;
  method: 'card' | 'cash' | 'check';
  amount_cents: Cents;
  reference: string | null;
  recorded_by: string | null;
  created_at: Date;
}

export interface TipListRow extends TipRow {
  lead_name: string;
  invoice_number: string | null;
}

export async function insertTipRow(trx: Knex.Transaction, row: Omit<TipRow, 'id'>): Promise<TipRow> {
  const [tip] = (await trx('tips').insert(row).returning('*')) as TipRow[];
  if (!tip) throw new Error('tip insert returned no row');
  return tip;
}

/** The visit's invoice (its id and number), when it has one. */
export async function findInvoiceOfVisit(
  db: Knex,
  visitId: string,
): Promise<{ id: string; number: string } | undefined> {
  return (await db('invoices').where({ visit_id: visitId }).first('id', 'number')) as
    | { id: string; number: string }
    | undefined;
}

const withNames = (db: Knex, query: Knex.QueryBuilder) =>
  query
    .leftJoin('invoices as i', 'i.id', 't.invoice_id')
    .select('t.*', 'i.number as invoice_number', leadNameOf(db, 't.lead_id').as('lead_name'));

export async function findTipListRow(db: Knex, id: string): Promise<TipListRow | undefined> {
  return (await withNames(db, db('tips as t').where('t.id', id)).first()) as TipListRow | undefined;
}

/** Tips recorded in [from, to), newest first. */
export async function listTipRows(db: Knex, from: Date, to: Date): Promise<TipListRow[]> {
  return (await withNames(
    db,
    db('tips as t')
      .where('t.created_at', '>=', from)
      .where('t.created_at', '<', to)
      .orderBy([
        { column: 't.created_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ]),
  )) as TipListRow[];
}
