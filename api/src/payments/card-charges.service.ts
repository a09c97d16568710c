// Charging the card on file when a visit is completed (docs/decisions.md, "Cards on file"). Never
// twice, by the database and Stripe together:
// - the invoice is made once per visit (its unique visit_id), and its first charge attempt in the same
//   transaction, once (the unique invoice and attempt);
// - the attempt is charged after the commit by the process that completed the visit, and by the
//   per-minute sweep in any process when that one stopped first: both send the same Idempotency-Key
//   (invoice and attempt), so Stripe makes one PaymentIntent however often it is asked;
// - the payment is recorded once per PaymentIntent (payments' unique intent), whoever hears of it
//   first, the charging process or the webhook however often replayed; only that one sends the
//   receipt.
import { zonedTimeToInstant } from '@shine/shared/business-time';
import { CARD_RETRY_HOUR, cardLabelOf, HARD_DECLINE_CODES } from '@shine/shared/payments';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { Logger } from '../logger.ts';
import { findInvoiceIdOfVisit, setInvoiceTokenHash } from './payments.queries.ts';
import { invoiceBalanceCents, recordCardPayment } from './payments.service.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { notifyAboutLead } from '../leads/index.ts';
import { formatAmount, formatCents } from '@shine/shared/quote-pricing';
import { newInvoiceToken } from './invoice-tokens.ts';
import { getPaymentSettingsValue } from './payment-settings.service.ts';
import {
  bringPendingChargesForward,
  type CardChargeRow,
  findCardInUse,
  findFirstChargeAt,
  listPaymentsToChaseRows,
  insertCardChargeOnce,
  listDueCardCharges,
  settleCardCharge,
} from './saved-cards.queries.ts';

/** The SDK client of STRIPE_SECRET_KEY, for the features that start a charge (the visit's completion). */
export { createStripeClient } from './stripe-client.ts';

/** The charge's Idempotency-Key: the same invoice and attempt, the same one PaymentIntent. */
export const chargeIdempotencyKey = (invoiceId: string, attempt: number) => `invoice-${invoiceId}-attempt-${attempt}`;

/**
 * `days` business days (Monday to Friday) after `from`'s day in the business zone, at 10 AM there:
 * when a declined card is tried again.
 */
export function retryAtOf(from: Date, days: number, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(from);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value);
  // Calendar arithmetic on the business date, at noon UTC so no zone shift changes the day.
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day'), 12));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(
    zonedTimeToInstant(timeZone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), CARD_RETRY_HOUR),
  );
}

/** How long a due attempt is left to the process that made it before the sweep takes it up. */
export const CHARGE_SWEEP_GRACE_MS = 60_000;

/**
 * In the new invoice's transaction: its first charge attempt when the lead has a card on file and
 * something is owed. Answers whether one was made (the invoice's e-mail then waits for its outcome).
 */
export async function planFirstCharge(
  trx: Knex.Transaction,
  invoice: { id: string; leadId: string; totalCents: number },
  now: Date,
): Promise<boolean> {
  if (invoice.totalCents <= 0) return false;
  const card = await findCardInUse(trx, invoice.leadId);
  if (!card) return false;
  const charge = await insertCardChargeOnce(trx, {
    invoice_id: invoice.id,
    lead_id: invoice.leadId,
    card_id: card.id,
    attempt: 1,
    amount_cents: invoice.totalCents,
    due_at: now,
    created_at: now,
  });
  return charge !== undefined;
}

/** The outcome of one attempt. */
export type ChargeOutcome =
  | { kind: 'succeeded'; paymentIntentId: string }
  | { kind: 'failed'; code: string; declineCode: string | null }
  | { kind: 'requires_action'; paymentIntentId: string | null }
  | { kind: 'cancelled' }
  | { kind: 'not_tried' };

/** One due attempt charged off-session: its payment recorded, or its failure kept. */
export async function runCardCharge(
  db: Knex,
  stripe: Stripe,
  charge: CardChargeRow,
  now: Date,
  timeZone: string,
): Promise<ChargeOutcome> {
  // The card in use now: a retry charges the card the customer saved since the decline.
  const [card, balance] = await Promise.all([
    findCardInUse(db, charge.lead_id),
    invoiceBalanceCents(db, charge.invoice_id),
  ]);
  // Paid meanwhile (cash, the pay page) or the card removed: nothing to charge on this attempt.
  if (!card || balance === undefined || balance <= 0) {
    await settleCardCharge(db, charge.id, { status: 'cancelled' }, now);
    return { kind: 'cancelled' };
  }
  const amount = Math.min(Number(charge.amount_cents), balance);
  const reference = cardLabelOf({
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  }).replace(/, expires .*$/, '');
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: 'usd',
        customer: card.stripe_customer_id,
        payment_method: card.stripe_payment_method_id,
        off_session: true,
        confirm: true,
        metadata: { invoice_id: charge.invoice_id, charge_id: charge.id, attempt: String(charge.attempt) },
      },
      { idempotencyKey: chargeIdempotencyKey(charge.invoice_id, charge.attempt) },
    );
    if (intent.status === 'succeeded') {
      await recordCardPayment(db, {
        invoiceId: charge.invoice_id,
        paymentIntentId: intent.id,
        amountCents: intent.amount_received || amount,
        reference,
        at: now,
      });
      await settleCardCharge(db, charge.id, { status: 'succeeded', payment_intent_id: intent.id }, now);
      return { kind: 'succeeded', paymentIntentId: intent.id };
    }
    await settleCardCharge(db, charge.id, { status: 'requires_action', payment_intent_id: intent.id }, now);
    return { kind: 'requires_action', paymentIntentId: intent.id };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    const intentId = (error.payment_intent as { id?: string } | undefined)?.id ?? null;
    if (error.code === 'authentication_required') {
      await afterFailedCharge(db, charge, { kind: 'requires_action', paymentIntentId: intentId }, now, timeZone);
      return { kind: 'requires_action', paymentIntentId: intentId };
    }
    const outcome: ChargeOutcome = {
      kind: 'failed',
      code: error.code ?? 'card_declined',
      declineCode: error.decline_code ?? null,
    };
    await afterFailedCharge(db, charge, outcome, now, timeZone, intentId);
    return outcome;
  }
}

/**
 * A declined attempt, or one the bank wants the customer to confirm: kept on the attempt; a soft
 * decline gets the next attempt at the payment settings' retry days (business days after the first
 * attempt, at 10 AM business time), never a hard one; and the customer is e-mailed the invoice with a
 * pay link of its own (a new link each time, as a quote sent again: the newest e-mail's link works).
 */
async function afterFailedCharge(
  db: Knex,
  charge: CardChargeRow,
  outcome: Extract<ChargeOutcome, { kind: 'failed' | 'requires_action' }>,
  now: Date,
  timeZone: string,
  intentId: string | null = null,
): Promise<void> {
  await withLeadEventOutbox(db, async (trx, outbox) => {
    const settled = await settleCardCharge(
      trx,
      charge.id,
      outcome.kind === 'failed'
        ? { status: 'failed', payment_intent_id: intentId, failure_code: outcome.declineCode ?? outcome.code }
        : { status: 'requires_action', payment_intent_id: outcome.paymentIntentId },
      now,
    );
    if (!settled) return;
    let retryAt: Date | undefined;
    const hard = outcome.kind === 'failed' && HARD_DECLINE_CODES.has(outcome.declineCode ?? outcome.code);
    if (outcome.kind === 'failed' && !hard) {
      const days = (await getPaymentSettingsValue(trx)).retryDays[charge.attempt - 1];
      const first = await findFirstChargeAt(trx, charge.invoice_id);
      if (days !== undefined && first) {
        retryAt = retryAtOf(first, days, timeZone);
        await insertCardChargeOnce(trx, {
          invoice_id: charge.invoice_id,
          lead_id: charge.lead_id,
          card_id: charge.card_id,
          attempt: charge.attempt + 1,
          amount_cents: charge.amount_cents,
          due_at: retryAt,
          created_at: now,
        });
      }
    }
    const { token, tokenHash } = newInvoiceToken();
    const number = await setInvoiceTokenHash(trx, charge.invoice_id, tokenHash);
    await notifyAboutLead(
      trx,
      charge.lead_id,
      {
        kind: 'payment_failed',
        invoice: number,
        amount: formatAmount(formatCents(Number(charge.amount_cents))),
        why: outcome.kind === 'failed' ? 'declined' : 'authentication_required',
      },
      { now, timeZone },
    );
    await outbox.invoiceCreated(charge.lead_id, {
      invoiceId: charge.invoice_id,
      token,
      cardFailure: outcome.kind === 'failed' ? 'declined' : 'authentication_required',
      ...(retryAt ? { retryAt: retryAt.toISOString() } : {}),
    });
  });
}

/** The due attempts of one invoice (right after its visit was completed), charged now. */
export async function chargeInvoiceNow(
  db: Knex,
  stripe: Stripe,
  invoiceId: string,
  now: Date,
  timeZone: string,
): Promise<ChargeOutcome[]> {
  const due = await listDueCardCharges(db, now, { invoiceId, limit: 5 });
  const outcomes: ChargeOutcome[] = [];
  for (const charge of due) outcomes.push(await runCardCharge(db, stripe, charge, now, timeZone));
  return outcomes;
}

/** "Visa •••• 4242": a payment's reference, from Stripe's payment method. */
async function cardReferenceOf(stripe: Stripe, paymentMethod: unknown): Promise<string | null> {
  const id = typeof paymentMethod === 'string' ? paymentMethod : (paymentMethod as { id?: string } | null)?.id;
  if (!id) return null;
  const method = await stripe.paymentMethods.retrieve(id);
  if (!method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return cardLabelOf({ brand, last4, expMonth, expYear }).replace(/, expires .*$/, '');
}

/**
 * A PaymentIntent Stripe says succeeded (the webhook's payment_intent.succeeded, the pay page's
 * return): recorded against the invoice its metadata names, once. Answers whether it named one.
 */
export async function recordSucceededIntent(db: Knex, stripe: Stripe, intentId: string, now: Date): Promise<boolean> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const invoiceId = intent.metadata?.invoice_id;
  if (intent.status !== 'succeeded' || !invoiceId) return false;
  await recordCardPayment(db, {
    invoiceId,
    paymentIntentId: intent.id,
    amountCents: intent.amount_received || intent.amount,
    reference: await cardReferenceOf(stripe, intent.payment_method),
    at: now,
  });
  const chargeId = intent.metadata?.charge_id;
  if (chargeId) await settleCardCharge(db, chargeId, { status: 'succeeded', payment_intent_id: intent.id }, now);
  return true;
}

/** After a visit was completed (the staff's request, after its commit): its invoice's card charged now. */
/**
 * A card saved after a decline: the lead's attempts waiting for a retry are due now and charged to
 * the new card at once (the open balance). Answers how many were tried.
 */
export async function chargeOpenBalanceNow(
  db: Knex,
  stripe: Stripe,
  leadId: string,
  now: Date,
  timeZone: string,
): Promise<number> {
  const waiting = await bringPendingChargesForward(db, leadId, now);
  for (const charge of waiting) await runCardCharge(db, stripe, charge, now, timeZone);
  return waiting.length;
}

export async function chargeVisitNow(
  db: Knex,
  stripe: Stripe,
  visitId: string,
  now: Date,
  timeZone: string,
): Promise<ChargeOutcome[]> {
  const invoiceId = await findInvoiceIdOfVisit(db, visitId);
  return invoiceId ? chargeInvoiceNow(db, stripe, invoiceId, now, timeZone) : [];
}

/**
 * The per-minute sweep (server.ts), in every process: attempts due more than the grace ago (their
 * process stopped before charging them). The Idempotency-Key makes a charge racing another one the
 * same charge. Answers how many were tried.
 */
export async function sweepDueCardCharges(
  db: Knex,
  stripe: Stripe,
  now: Date,
  timeZone: string,
  logger?: Logger,
): Promise<number> {
  const due = await listDueCardCharges(db, new Date(now.getTime() - CHARGE_SWEEP_GRACE_MS), { limit: 50 });
  for (const charge of due) {
    try {
      await runCardCharge(db, stripe, charge, now, timeZone);
    } catch (err) {
      logger?.error({ err, chargeId: charge.id }, 'charging a card failed; the next sweep tries again');
    }
  }
  return due.length;
}

/** My Day's "Payments to chase": open invoices whose card charge did not go through. */
export async function listPaymentsToChase(
  db: Knex,
  onlyLeads: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<
  Array<{
    invoiceId: string;
    leadId: string;
    number: string;
    balance: string;
    reason: 'declined' | 'authentication_required';
    failedAt: Date;
    nextTry: Date | null;
  }>
> {
  const rows = await listPaymentsToChaseRows(db, onlyLeads, limit);
  return rows.map((row) => ({
    invoiceId: row.invoice_id,
    leadId: row.lead_id,
    number: row.number,
    balance: formatCents(Number(row.balance_cents)),
    reason: row.status === 'failed' ? 'declined' : 'authentication_required',
    failedAt: new Date(row.failed_at),
    nextTry: row.next_try ? new Date(row.next_try) : null,
  }));
}
