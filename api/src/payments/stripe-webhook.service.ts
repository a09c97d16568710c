// The card processor's webhook events (POST /api/payments/stripe/webhook), once per event id. A
// completed Checkout Session in setup mode saves the customer's card (recordCardOfSession), a
// succeeded PaymentIntent naming an invoice records its payment (recordSucceededIntent); other
// types are recorded and answered 2xx, so the processor stops retrying. What an event does is itself
// idempotent (a card once per setup), so two deliveries of one event racing each other do it once;
// the event is marked taken after it was acted on, so a failure is retried by the processor.
import type Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@shine/shared/payments';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { hasStripeEvent, insertStripeEventOnce } from './payments.queries.ts';
import { chargeOpenBalanceNow, recordSucceededIntent } from './card-charges.service.ts';
import { recordCardOfSession } from './saved-cards.service.ts';
import { isValidStripeSignature } from './stripe-signature.ts';

export interface StripeEventReceipt {
  received: true;
  /** Delivered before: nothing more was done. */
  duplicate: boolean;
}

/** The event of a signed raw body: 400 for a missing, wrong or stale signature, or a body that is no event. */
export async function receiveStripeEvent(
  db: Knex,
  secret: string,
  payload: Buffer,
  signature: string | undefined,
  now: Date,
  stripe?: Stripe,
  timeZone = 'America/Chicago',
): Promise<StripeEventReceipt> {
  if (!isValidStripeSignature(secret, payload, signature, now)) {
    throw new AppError(400, PAYMENT_MESSAGES.stripeSignature);
  }
  let event: unknown;
  try {
    event = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new AppError(400, PAYMENT_MESSAGES.stripeEvent);
  }
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || typeof type !== 'string' || id.length > 255 || type.length > 255) {
    throw new AppError(400, PAYMENT_MESSAGES.stripeEvent);
  }
  if (await hasStripeEvent(db, id)) return { received: true, duplicate: true };
  if (stripe) {
    await actOn(db, stripe, event as { type: string; data?: { object?: Record<string, unknown> } }, now, timeZone);
  }
  const isNew = await insertStripeEventOnce(db, { id, type });
  return { received: true, duplicate: !isNew };
}

async function actOn(
  db: Knex,
  stripe: Stripe,
  event: { type: string; data?: { object?: Record<string, unknown> } },
  now: Date,
  timeZone: string,
): Promise<void> {
  const object = event.data?.object ?? {};
  if (event.type === 'checkout.session.completed' && object.mode === 'setup' && typeof object.id === 'string') {
    const card = await recordCardOfSession(db, stripe, object.id, now);
    // A card saved after a decline: what is still owed is charged to it at once.
    const leadId = (object.metadata as Record<string, string> | undefined)?.lead_id;
    if (card && leadId) await chargeOpenBalanceNow(db, stripe, leadId, now, timeZone);
  }
  if (event.type === 'payment_intent.succeeded' && typeof object.id === 'string') {
    await recordSucceededIntent(db, stripe, object.id, now);
  }
}
