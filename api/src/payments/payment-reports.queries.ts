// The statements of the payment reports (the invoices CSV, the money figures of Analytics), over the
// payments feature's tables: invoices and payments.
import type { InvoiceStatus } from '@shine/shared/payments';
import type { Knex } from 'knex';
import { leadNameOf } from '../leads/index.ts';
import { filtered } from './payments.queries.ts';

type Cents = string | number;

export interface InvoiceExportRow {
  number: string;
  lead_name: string;
  status: 'open' | 'paid' | 'void';
  due_at: Date;
  created_on: string;
  due_on: string;
  paid_on: string | null;
  subtotal_cents: Cents;
  discount_cents: Cents;
  tax_rate_basis_points: number;
  tax_cents: Cents;
  total_cents: Cents;
  fees_cents: Cents;
  paid_cents: Cents;
}

/** Every invoice the filter matches as of `now`, newest first, its dates as business dates (YYYY-MM-DD). */
export async function listInvoiceExportRows(
  db: Knex,
  filter: { status?: InvoiceStatus; leadId?: string },
  now: Date,
  timeZone: string,
): Promise<InvoiceExportRow[]> {
  const day = (column: string, as: string) =>
    db.raw(`to_char(${column} at time zone ?, 'YYYY-MM-DD') as ??`, [timeZone, as]);
  return (await filtered(db, filter, now)
    .orderBy([
      { column: 'i.created_at', order: 'desc' },
      { column: 'i.number', order: 'desc' },
    ])
    .select(
      'i.number',
      'i.status',
      'i.due_at',
      'i.subtotal_cents',
      'i.discount_cents',
      'i.tax_rate_basis_points',
      'i.tax_cents',
      'i.total_cents',
      'i.fees_cents',
      'i.paid_cents',
      day('i.created_at', 'created_on'),
      day('i.due_at', 'due_on'),
      day('i.paid_at', 'paid_on'),
      leadNameOf(db, 'i.lead_id').as('lead_name'),
    )) as InvoiceExportRow[];
}

/** Succeeded payments received in [from, to), per business month and method, in cents. */
export async function sumCollectedByMonth(
  db: Knex,
  from: Date,
  to: Date,
  timeZone: string,
): Promise<Array<{ month: string; method: 'card' | 'cash' | 'check'; cents: Cents }>> {
  return (await db('payments')
    .where({ status: 'succeeded' })
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupByRaw('1, 2')
    .select(
      db.raw(`to_char(created_at at time zone ?, 'YYYY-MM') as month`, [timeZone]),
      'method',
      db.raw('sum(amount_cents) as cents'),
    )) as Array<{ month: string; method: 'card' | 'cash' | 'check'; cents: Cents }>;
}

/** Open invoices with something owed now, by whole days past their due time (negative: not yet due). */
export async function sumReceivablesByAge(
  db: Knex,
  now: Date,
): Promise<Array<{ age: string; invoices: Cents; cents: Cents }>> {
  const days = `floor(extract(epoch from (?::timestamptz - due_at)) / 86400)`;
  const bucket = `case when ${days} <= 30 then '0-30' when ${days} <= 60 then '31-60' when ${days} <= 90 then '61-90' else '90+' end`;
  return (await db('invoices')
    .where({ status: 'open' })
    .whereRaw('total_cents + fees_cents - paid_cents > 0')
    .groupByRaw('1')
    .select(
      db.raw(`${bucket} as age`, [now, now, now]),
      db.raw('count(*) as invoices'),
      db.raw('sum(total_cents + fees_cents - paid_cents) as cents'),
    )) as Array<{ age: string; invoices: Cents; cents: Cents }>;
}

/**
 * Card charges of invoices made in [from, to): per invoice, whether its first card charge succeeded,
 * and, when it failed, whether the invoice was paid within `recoveryDays` of that failure.
 */
export async function countCardCharges(
  db: Knex,
  from: Date,
  to: Date,
  recoveryDays: number,
): Promise<{ firstTries: number; firstTrySucceeded: number; failed: number; recovered: number }> {
  const result = await db.raw(
    `with first_charge as (
       select distinct on (p.invoice_id) p.invoice_id, p.status, p.created_at
         from payments p
         join invoices i on i.id = p.invoice_id
        where p.method = 'card' and i.created_at >= ? and i.created_at < ?
        order by p.invoice_id, p.created_at, p.id
     )
     select count(*) as first_tries,
            count(*) filter (where f.status <> 'failed') as first_try_succeeded,
            count(*) filter (where f.status = 'failed') as failed,
            count(*) filter (
              where f.status = 'failed' and i.paid_at is not null
                and i.paid_at <= f.created_at + make_interval(days => ?)
            ) as recovered
       from first_charge f
       join invoices i on i.id = f.invoice_id`,
    [from, to, recoveryDays],
  );
  const row = (result.rows as Array<Record<string, string | number>>)[0] ?? {};
  return {
    firstTries: Number(row.first_tries ?? 0),
    firstTrySucceeded: Number(row.first_try_succeeded ?? 0),
    failed: Number(row.failed ?? 0),
    recovered: Number(row.recovered ?? 0),
  };
}
