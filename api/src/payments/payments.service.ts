// Invoices and payments for staff (/api/admin/invoices, /api/admin/payments) and the customer's pay
// page: reading invoices with their balance and status, recording cash and checks, a returned check.
// Every payment recorded is a payment_recorded event, whose receipt the receipt-email reaction sends
// after the commit.
import {
  type InvoiceListQuery,
  type InvoiceStatus,
  type ManualPayment,
  PAYMENT_MESSAGES,
  type Refund,
  RETURNED_CHECK_FEE_CENTS,
} from '@shine/shared/payments';
import { zonedTimeToInstant } from '@shine/shared/business-time';
import { formatBasisPoints, formatCents } from '@shine/shared/quote-pricing';
import type { Invoice, InvoiceList, Payment } from '@shine/shared/responses/payments';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { recordAudit } from '../audit/index.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { findLead } from '../leads/index.ts';
import { hashInvoiceToken } from './invoice-tokens.ts';
import {
  addPaymentRefund,
  appendInvoiceLine,
  findInvoiceRow,
  findInvoiceRowByTokenHash,
  findPaymentRow,
  type InvoiceRow,
  insertCardPaymentOnce,
  insertRefundOnce,
  insertPaymentRow,
  listInvoiceLineRows,
  listInvoiceRows,
  listInvoiceRowsOfLeads,
  listPaymentRows,
  lockInvoiceRow,
  lockPaymentRow,
  markPaymentReturned,
  type PaymentRow,
  readPaymentsVersion,
  sumPaymentFigures,
  updateInvoiceRow,
} from './payments.queries.ts';

export const INVOICE_PAGE_SIZE = 25;

const cents = (value: string | number) => Number(value);

/** What is still owed: the total and fees less what was paid. */
function balanceCentsOf(row: InvoiceRow): number {
  return cents(row.total_cents) + cents(row.fees_cents) - cents(row.paid_cents);
}

/** Past due is not stored: an open invoice is past due once its due time has come. */
export function invoiceStatusOf(row: Pick<InvoiceRow, 'status' | 'due_at'>, now: Date): InvoiceStatus {
  if (row.status === 'open' && row.due_at.getTime() <= now.getTime()) return 'past_due';
  return row.status;
}

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    method: row.method,
    amount: formatCents(cents(row.amount_cents)),
    status: row.status,
    at: row.created_at.toISOString(),
    reference: row.reference,
  };
}

const nameOf = (lead: { firstName: string; lastName: string } | undefined) =>
  lead ? `${lead.firstName} ${lead.lastName}`.trim() : '';

async function toInvoice(db: Knex, row: InvoiceRow, now: Date): Promise<Invoice> {
  const [lines, payments, lead] = await Promise.all([
    listInvoiceLineRows(db, row.id),
    listPaymentRows(db, row.id),
    findLead(db, row.lead_id),
  ]);
  return {
    id: row.id,
    number: row.number,
    leadId: row.lead_id,
    leadName: nameOf(lead),
    visitId: row.visit_id,
    status: invoiceStatusOf(row, now),
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: formatCents(cents(line.unit_price_cents)),
      amount: formatCents(cents(line.amount_cents)),
    })),
    subtotal: formatCents(cents(row.subtotal_cents)),
    discount: formatCents(cents(row.discount_cents)),
    tax: formatCents(cents(row.tax_cents)),
    taxRate: formatBasisPoints(row.tax_rate_basis_points),
    total: formatCents(cents(row.total_cents)),
    fees: formatCents(cents(row.fees_cents)),
    amountPaid: formatCents(cents(row.paid_cents)),
    balance: formatCents(balanceCentsOf(row)),
    dueAt: row.due_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    payments: payments.map(toPayment),
  };
}

/** GET /api/admin/invoices. */
export async function listInvoices(db: Knex, query: InvoiceListQuery, now: Date): Promise<InvoiceList> {
  const { rows, total } = await listInvoiceRows(
    db,
    { ...(query.status ? { status: query.status } : {}), ...(query.leadId ? { leadId: query.leadId } : {}) },
    { offset: (query.page - 1) * INVOICE_PAGE_SIZE, limit: INVOICE_PAGE_SIZE },
    now,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      leadId: row.lead_id,
      leadName: row.lead_name,
      visitId: row.visit_id,
      status: invoiceStatusOf(row, now),
      total: formatCents(cents(row.total_cents)),
      balance: formatCents(balanceCentsOf(row)),
      dueAt: row.due_at.toISOString(),
      createdAt: row.created_at.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: INVOICE_PAGE_SIZE,
  };
}

/** GET /api/admin/invoices/{id}: 404 when there is none. */
export async function findInvoice(db: Knex, id: string, now: Date): Promise<Invoice> {
  const row = await findInvoiceRow(db, id);
  if (!row) throw new AppError(404, PAYMENT_MESSAGES.invoiceNotFound);
  return toInvoice(db, row, now);
}

/** The invoice of a pay link, or undefined for a link that names none. */
export async function findInvoiceOfToken(db: Knex, token: string, now: Date): Promise<Invoice | undefined> {
  const row = await findInvoiceRowByTokenHash(db, hashInvoiceToken(token));
  return row ? toInvoice(db, row, now) : undefined;
}

/** The invoice of a payment (the receipt's). */
export async function findPaymentWithInvoice(
  db: Knex,
  paymentId: string,
  now: Date,
): Promise<{ payment: Payment; invoice: Invoice } | undefined> {
  const payment = await findPaymentRow(db, paymentId);
  const invoice = payment && (await findInvoiceRow(db, payment.invoice_id));
  if (!payment || !invoice) return undefined;
  return { payment: toPayment(payment), invoice: await toInvoice(db, invoice, now) };
}

/**
 * POST /api/admin/invoices/{id}/payments: cash or a check received, at most the balance. The invoice
 * is paid once nothing is owed. Audited; the customer's receipt goes after the commit.
 */
export async function recordManualPayment(
  db: Knex,
  actorId: string,
  invoiceId: string,
  input: ManualPayment,
  now: Date,
): Promise<Payment> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const invoice = await lockInvoiceRow(trx, invoiceId);
    if (!invoice) throw new AppError(404, PAYMENT_MESSAGES.invoiceNotFound);
    if (invoice.status === 'void') throw new AppError(409, PAYMENT_MESSAGES.invoiceClosed);
    const balance = balanceCentsOf(invoice);
    if (input.amount > balance) {
      const message = PAYMENT_MESSAGES.overBalance(formatCents(balance));
      throw new AppError(400, message, [{ path: 'amount', message }]);
    }
    const payment = await insertPaymentRow(trx, {
      invoice_id: invoice.id,
      lead_id: invoice.lead_id,
      method: input.method,
      amount_cents: input.amount,
      reference: input.reference ?? null,
      recorded_by: actorId,
      created_at: now,
    });
    const paid = cents(invoice.paid_cents) + input.amount;
    const settled = paid === cents(invoice.total_cents) + cents(invoice.fees_cents);
    await updateInvoiceRow(trx, invoice.id, {
      paid_cents: paid,
      ...(settled ? { status: 'paid', paid_at: now } : {}),
    });
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: invoice.lead_id,
      leadId: invoice.lead_id,
      action: 'payment_recorded',
      before: null,
      after: {
        invoice: invoice.number,
        method: input.method,
        amount: formatCents(input.amount),
        ...(input.reference ? { reference: input.reference } : {}),
      },
    });
    await outbox.paymentRecorded(invoice.lead_id, { paymentId: payment.id, actorId });
    await outbox.paymentEvent(invoice.lead_id, 'payment_succeeded', { paymentId: payment.id, invoiceId: invoice.id });
    return toPayment(payment);
  });
}

/**
 * A card payment Stripe confirmed (an off-session charge, the pay page's Checkout), recorded once per
 * PaymentIntent whoever hears of it first (the charging process, another one, the webhook, replayed or
 * not): the unique intent decides, and only the one that records it sends the receipt. Undefined when
 * it was recorded before, or names no invoice.
 */
export async function recordCardPayment(
  db: Knex,
  args: { invoiceId: string; paymentIntentId: string; amountCents: number; reference: string | null; at: Date },
): Promise<Payment | undefined> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const invoice = await lockInvoiceRow(trx, args.invoiceId);
    if (!invoice) return undefined;
    const payment = await insertCardPaymentOnce(trx, {
      invoice_id: invoice.id,
      lead_id: invoice.lead_id,
      amount_cents: args.amountCents,
      reference: args.reference,
      stripe_payment_intent_id: args.paymentIntentId,
      created_at: args.at,
    });
    if (!payment) return undefined;
    const paid = cents(invoice.paid_cents) + args.amountCents;
    const owed = cents(invoice.total_cents) + cents(invoice.fees_cents);
    await updateInvoiceRow(trx, invoice.id, {
      paid_cents: Math.min(paid, owed),
      ...(paid >= owed && invoice.status === 'open' ? { status: 'paid', paid_at: args.at } : {}),
    });
    await outbox.paymentRecorded(invoice.lead_id, { paymentId: payment.id });
    return toPayment(payment);
  });
}

/** What is still owed on an invoice, in cents (0 when void); undefined when there is none. */
export async function invoiceBalanceCents(db: Knex, invoiceId: string): Promise<number | undefined> {
  const row = await findInvoiceRow(db, invoiceId);
  if (!row) return undefined;
  return row.status === 'void' ? 0 : balanceCentsOf(row);
}

/**
 * POST /api/admin/payments/{id}/return: a check the bank returned. Its amount is owed again, the
 * untaxed returned-check fee is added, and the invoice is open again. Audited.
 */
export async function returnCheckPayment(db: Knex, actorId: string, paymentId: string, now: Date): Promise<Payment> {
  return db.transaction(async (trx) => {
    const found = await findPaymentRow(trx, paymentId);
    if (!found) throw new AppError(404, PAYMENT_MESSAGES.paymentNotFound);
    // The invoice first, then the payment: the order every payment change takes its locks in.
    const invoice = await lockInvoiceRow(trx, found.invoice_id);
    const payment = await lockPaymentRow(trx, paymentId);
    if (!invoice || !payment) throw new AppError(404, PAYMENT_MESSAGES.paymentNotFound);
    if (payment.method !== 'check' || payment.status !== 'succeeded') {
      throw new AppError(409, PAYMENT_MESSAGES.notReturnable);
    }
    const returned = await markPaymentReturned(trx, payment.id, now);
    await appendInvoiceLine(trx, invoice.id, {
      kind: 'fee',
      description: `Returned check fee${payment.reference ? ` (check ${payment.reference})` : ''}`,
      quantity: 1,
      unit_price_cents: RETURNED_CHECK_FEE_CENTS,
      amount_cents: RETURNED_CHECK_FEE_CENTS,
    });
    await updateInvoiceRow(trx, invoice.id, {
      paid_cents: cents(invoice.paid_cents) - cents(payment.amount_cents),
      fees_cents: cents(invoice.fees_cents) + RETURNED_CHECK_FEE_CENTS,
      status: invoice.status === 'void' ? 'void' : 'open',
      paid_at: null,
    });
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: invoice.lead_id,
      leadId: invoice.lead_id,
      action: 'check_returned',
      before: { invoice: invoice.number, amount: formatCents(cents(payment.amount_cents)), status: 'succeeded' },
      after: { status: 'returned', fee: formatCents(RETURNED_CHECK_FEE_CENTS) },
    });
    return toPayment(returned);
  });
}

/**
 * POST /api/admin/payments/{id}/refund (admins): all that is left of a card payment, or `amount` of
 * it, refunded through Stripe with the reason. The Idempotency-Key is made of the payment, what was
 * refunded of it so far and the amount, so the same request twice at once is one refund at Stripe,
 * recorded once by its id (payment_refunds). The invoice keeps its status; the payment is refunded or
 * partially refunded. Audited.
 */
export async function refundCardPayment(
  db: Knex,
  stripe: Stripe | undefined,
  actorId: string,
  paymentId: string,
  input: Refund,
): Promise<Payment> {
  const found = await findPaymentRow(db, paymentId);
  if (!found) throw new AppError(404, PAYMENT_MESSAGES.paymentNotFound);
  const refundable =
    found.method === 'card' &&
    found.stripe_payment_intent_id !== null &&
    (found.status === 'succeeded' || found.status === 'partially_refunded');
  if (!refundable) throw new AppError(409, PAYMENT_MESSAGES.notRefundable);
  if (!stripe) throw new AppError(409, PAYMENT_MESSAGES.stripeOff);
  const left = cents(found.amount_cents) - cents(found.refunded_cents);
  const amount = input.amount ?? left;
  if (amount > left) {
    const message = PAYMENT_MESSAGES.overRefund(formatCents(left));
    throw new AppError(400, message, [{ path: 'amount', message }]);
  }
  const refund = await stripe.refunds.create(
    {
      payment_intent: found.stripe_payment_intent_id as string,
      amount,
      reason: 'requested_by_customer',
      metadata: { payment_id: found.id, reason: input.reason.slice(0, 500) },
    },
    { idempotencyKey: `refund-${found.id}-${cents(found.refunded_cents)}-${amount}` },
  );
  return db.transaction(async (trx) => {
    // The invoice first, then the payment: the order every payment change takes its locks in.
    const invoice = await lockInvoiceRow(trx, found.invoice_id);
    const payment = await lockPaymentRow(trx, paymentId);
    if (!invoice || !payment) throw new AppError(404, PAYMENT_MESSAGES.paymentNotFound);
    // The same request again, or at once: Stripe answered the same refund, recorded once.
    const isNew = await insertRefundOnce(trx, {
      stripe_refund_id: refund.id,
      payment_id: payment.id,
      amount_cents: refund.amount,
      reason: input.reason,
      refunded_by: actorId,
    });
    if (!isNew) return toPayment(payment);
    const refunded = await addPaymentRefund(trx, payment.id, refund.amount);
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: invoice.lead_id,
      leadId: invoice.lead_id,
      action: 'payment_refunded',
      before: { invoice: invoice.number, status: payment.status, refunded: formatCents(cents(payment.refunded_cents)) },
      after: {
        status: refunded.status,
        refunded: formatCents(cents(refunded.refunded_cents)),
        amount: formatCents(refund.amount),
        reason: input.reason,
      },
    });
    return toPayment(refunded);
  });
}

/** The first instant of `now`'s month in the business time zone. */
function monthStartOf(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', timeZone }).formatToParts(now);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value);
  return new Date(zonedTimeToInstant(timeZone, part('year'), part('month'), 1));
}

/** The Dashboard's money: received this business month so far, and owed on invoices not paid. */
export async function measurePaymentMetrics(
  db: Knex,
  now: Date,
  timeZone: string,
): Promise<{ collectedThisMonth: string; outstanding: string }> {
  const figures = await sumPaymentFigures(db, monthStartOf(now, timeZone), new Date(now.getTime() + 1));
  return {
    collectedThisMonth: formatCents(figures.collectedCents),
    outstanding: formatCents(figures.outstandingCents),
  };
}

/** Changes whenever an invoice or payment is made or changes (the metrics' ETag). */
export function paymentsVersion(db: Knex): Promise<string> {
  return readPaymentsVersion(db);
}

/** A customer's invoices (their account), newest first, with what is still owed. */
export async function listInvoicesOfLeads(
  db: Knex,
  leadIds: readonly string[],
  now: Date,
  limit: number,
): Promise<
  Array<{ id: string; leadId: string; number: string; total: string; balance: string; status: InvoiceStatus }>
> {
  return (await listInvoiceRowsOfLeads(db, leadIds, limit)).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    number: row.number,
    total: formatCents(cents(row.total_cents)),
    balance: formatCents(balanceCentsOf(row)),
    status: invoiceStatusOf(row, now),
  }));
}

/** For the customer's account: an invoice shown as its pay link shows it. */
export { renderInvoicePage } from './invoice-page.ts';
