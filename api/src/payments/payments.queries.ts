// invoices, invoice_lines and payments (migration 20261204120000): only the payments feature reads
// and writes them.
import type { InvoiceStatus } from '@shine/shared/payments';
import type { Knex } from 'knex';
import { leadNameOf } from '../leads/index.ts';

// bigint: the pg driver answers strings, PGlite numbers.
type Cents = string | number;

export interface InvoiceRow {
  id: string;
  number: string;
  lead_id: string;
  visit_id: string | null;
  token_hash: string;
  status: 'open' | 'paid' | 'void';
  subtotal_cents: Cents;
  discount_cents: Cents;
  tax_rate_basis_points: number;
  tax_cents: Cents;
  total_cents: Cents;
  fees_cents: Cents;
  paid_cents: Cents;
  due_at: Date;
  created_at: Date;
  paid_at: Date | null;
}

export interface InvoiceLineRow {
  id: string;
  invoice_id: string;
  position: number;
  kind: 'cleaning' | 'add_on' | 'discount' | 'fee';
  description: string;
  quantity: number;
  unit_price_cents: Cents;
  amount_cents: Cents;
}

export interface PaymentRow {
  id: string;
  invoice_id: string;
  lead_id: string;
  method: 'card' | 'cash' | 'check';
  amount_cents: Cents;
  status: 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'returned';
  reference: string | null;
  recorded_by: string | null;
  created_at: Date;
  returned_at: Date | null;
  /** The card payment's PaymentIntent; null for cash and checks. */
  stripe_payment_intent_id: string | null;
  refunded_cents: Cents;
}

export type NewInvoiceRow = Pick<
  InvoiceRow,
  | 'lead_id'
  | 'visit_id'
  | 'token_hash'
  | 'subtotal_cents'
  | 'discount_cents'
  | 'tax_rate_basis_points'
  | 'tax_cents'
  | 'total_cents'
  | 'due_at'
  | 'created_at'
>;

export type NewInvoiceLine = Pick<
  InvoiceLineRow,
  'kind' | 'description' | 'quantity' | 'unit_price_cents' | 'amount_cents'
>;

/** The visit's invoice, made unless it has one (the unique visit_id decides): undefined when it had. */
export async function insertInvoiceOnce(
  trx: Knex.Transaction,
  row: NewInvoiceRow,
  lines: readonly NewInvoiceLine[],
): Promise<InvoiceRow | undefined> {
  const [invoice] = (await trx('invoices').insert(row).onConflict('visit_id').ignore().returning('*')) as InvoiceRow[];
  if (!invoice) return undefined;
  await trx('invoice_lines').insert(
    lines.map((line, position) => ({ ...line, invoice_id: invoice.id, position: position + 1 })),
  );
  return invoice;
}

export async function findInvoiceRow(db: Knex, id: string): Promise<InvoiceRow | undefined> {
  return (await db('invoices').where({ id }).first()) as InvoiceRow | undefined;
}

export async function findInvoiceIdOfVisit(db: Knex, visitId: string): Promise<string | undefined> {
  return ((await db('invoices').where({ visit_id: visitId }).first('id')) as { id: string } | undefined)?.id;
}

/** A new pay link for the invoice (the older one stops working): answers the invoice's number. */
export async function setInvoiceTokenHash(db: Knex, id: string, tokenHash: string): Promise<string> {
  const [row] = (await db('invoices').where({ id }).update({ token_hash: tokenHash }).returning('number')) as Array<{
    number: string;
  }>;
  return row?.number ?? '';
}

export async function findInvoiceRowByTokenHash(db: Knex, tokenHash: string): Promise<InvoiceRow | undefined> {
  return (await db('invoices').where({ token_hash: tokenHash }).first()) as InvoiceRow | undefined;
}

/** Locks the invoice until the transaction ends: payments to one invoice take turns. */
export async function lockInvoiceRow(trx: Knex.Transaction, id: string): Promise<InvoiceRow | undefined> {
  return (await trx('invoices').where({ id }).forUpdate().first()) as InvoiceRow | undefined;
}

export async function updateInvoiceRow(
  trx: Knex.Transaction,
  id: string,
  values: Partial<Pick<InvoiceRow, 'status' | 'fees_cents' | 'paid_cents' | 'paid_at'>>,
): Promise<void> {
  await trx('invoices').where({ id }).update(values);
}

export async function listInvoiceLineRows(db: Knex, invoiceId: string): Promise<InvoiceLineRow[]> {
  return (await db('invoice_lines').where({ invoice_id: invoiceId }).orderBy('position')) as InvoiceLineRow[];
}

/** A line after the invoice's others (a fee). */
export async function appendInvoiceLine(trx: Knex.Transaction, invoiceId: string, line: NewInvoiceLine): Promise<void> {
  const [last] = (await trx('invoice_lines').where({ invoice_id: invoiceId }).max('position as position')) as Array<{
    position: number | null;
  }>;
  await trx('invoice_lines').insert({ ...line, invoice_id: invoiceId, position: (last?.position ?? 0) + 1 });
}

export async function listPaymentRows(db: Knex, invoiceId: string): Promise<PaymentRow[]> {
  return (await db('payments')
    .where({ invoice_id: invoiceId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])) as PaymentRow[];
}

export async function insertPaymentRow(
  trx: Knex.Transaction,
  row: Pick<
    PaymentRow,
    'invoice_id' | 'lead_id' | 'method' | 'amount_cents' | 'reference' | 'recorded_by' | 'created_at'
  >,
): Promise<PaymentRow> {
  const [payment] = (await trx('payments').insert(row).returning('*')) as PaymentRow[];
  if (!payment) throw new Error('payment insert returned no row');
  return payment;
}

/** A card payment, unless its PaymentIntent was recorded (the unique intent): undefined when it was. */
export async function insertCardPaymentOnce(
  trx: Knex.Transaction,
  row: Pick<PaymentRow, 'invoice_id' | 'lead_id' | 'amount_cents' | 'reference' | 'created_at'> & {
    stripe_payment_intent_id: string;
  },
): Promise<PaymentRow | undefined> {
  const [payment] = (await trx('payments')
    .insert({ ...row, method: 'card', recorded_by: null })
    .onConflict('stripe_payment_intent_id')
    .ignore()
    .returning('*')) as PaymentRow[];
  return payment;
}

export async function findPaymentRow(db: Knex, id: string): Promise<PaymentRow | undefined> {
  return (await db('payments').where({ id }).first()) as PaymentRow | undefined;
}

export async function lockPaymentRow(trx: Knex.Transaction, id: string): Promise<PaymentRow | undefined> {
  return (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow | undefined;
}

/** A refund Stripe made, unless it was recorded (its id is the key): false when it was. */
export async function insertRefundOnce(
  trx: Knex.Transaction,
  row: { stripe_refund_id: string; payment_id: string; amount_cents: number; reason: string; refunded_by: string },
): Promise<boolean> {
  const rows = await trx('payment_refunds').insert(row).onConflict('stripe_refund_id').ignore().returning('payment_id');
  return rows.length > 0;
}

/** A refund of `cents` more, and the status it leaves the payment in. */
export async function addPaymentRefund(trx: Knex.Transaction, id: string, cents: number): Promise<PaymentRow> {
  const [payment] = (await trx('payments')
    .where({ id })
    .update({
      refunded_cents: trx.raw('refunded_cents + ?', [cents]),
      status: trx.raw("case when refunded_cents + ? >= amount_cents then 'refunded' else 'partially_refunded' end", [
        cents,
      ]),
    })
    .returning('*')) as PaymentRow[];
  if (!payment) throw new Error('payment vanished');
  return payment;
}

export async function markPaymentReturned(trx: Knex.Transaction, id: string, at: Date): Promise<PaymentRow> {
  const [payment] = (await trx('payments')
    .where({ id })
    .update({ status: 'returned', returned_at: at })
    .returning('*')) as PaymentRow[];
  if (!payment) throw new Error('payment vanished');
  return payment;
}

export interface InvoiceListRow extends InvoiceRow {
  lead_name: string;
}

/** Invoices of a status as of `now` (past due: open after its due time), newest first. */
export function filtered(db: Knex, filter: { status?: InvoiceStatus; leadId?: string }, now: Date): Knex.QueryBuilder {
  const query = db('invoices as i');
  if (filter.leadId) query.where('i.lead_id', filter.leadId);
  if (filter.status === 'open') query.where('i.status', 'open').where('i.due_at', '>', now);
  else if (filter.status === 'past_due') query.where('i.status', 'open').where('i.due_at', '<=', now);
  else if (filter.status) query.where('i.status', filter.status);
  return query;
}

export async function listInvoiceRows(
  db: Knex,
  filter: { status?: InvoiceStatus; leadId?: string },
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const [count] = (await filtered(db, filter, now).count('* as count')) as Array<{ count: string | number }>;
  const rows = (await filtered(db, filter, now)
    .orderBy([
      { column: 'i.created_at', order: 'desc' },
      { column: 'i.number', order: 'desc' },
    ])
    .offset(page.offset)
    .limit(page.limit)
    .select('i.*', leadNameOf(db, 'i.lead_id').as('lead_name'))) as InvoiceListRow[];
  return { rows, total: Number(count?.count ?? 0) };
}

/** Money received in [from, to) (net of refunds), and what is owed on open invoices now, in cents. */
export async function sumPaymentFigures(
  db: Knex,
  from: Date,
  to: Date,
): Promise<{ collectedCents: number; outstandingCents: number }> {
  // Card payments count net of what was refunded of them; a returned check not at all.
  const [collected] = (await db('payments')
    .whereIn('status', ['succeeded', 'partially_refunded', 'refunded'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .sum({ cents: db.raw('amount_cents - refunded_cents') })) as Array<{ cents: string | number | null }>;
  const [outstanding] = (await db('invoices')
    .where({ status: 'open' })
    .sum({ cents: db.raw('total_cents + fees_cents - paid_cents') })) as Array<{ cents: string | number | null }>;
  return { collectedCents: Number(collected?.cents ?? 0), outstandingCents: Number(outstanding?.cents ?? 0) };
}

/** A fingerprint of the payment tables: every insert and change of an invoice or payment moves it. */
export async function readPaymentsVersion(db: Knex): Promise<string> {
  const result = await db.raw(
    `select (select count(*) from invoices) as invoices,
            (select coalesce(sum(paid_cents + fees_cents), 0) from invoices) as owed,
            (select count(*) from payments) as payments,
            (select count(*) from payments where status <> 'succeeded') as changed,
            (select coalesce(sum(refunded_cents), 0) from payments) as refunded`,
  );
  const row = (result.rows as Array<Record<string, string | number>>)[0] ?? {};
  return [row.invoices, row.owed, row.payments, row.changed, row.refunded].map(String).join('.');
}

/** Records the event as taken: false when it was taken before (its id is the key). */
export async function insertStripeEventOnce(db: Knex, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db('stripe_events').insert(event).onConflict('id').ignore().returning('id');
  return rows.length > 0;
}

/** The invoices of the leads `leadIds` (a customer's account), newest first. */
export function listInvoiceRowsOfLeads(db: Knex, leadIds: readonly string[], limit: number): Promise<InvoiceRow[]> {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db('invoices')
    .whereIn('lead_id', leadIds)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'number', order: 'desc' },
    ])
    .limit(limit);
}

export async function hasStripeEvent(db: Knex, id: string): Promise<boolean> {
  return (await db('stripe_events').where({ id }).first('id')) !== undefined;
}
