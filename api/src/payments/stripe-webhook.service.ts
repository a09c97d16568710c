// The card processor's webhook events (POST /api/payments/stripe/webhook), once per event id. No
// event type is acted on yet: each is recorded and answered 2xx, so the processor stops retrying.
import { PAYMENT_MESSAGES } from '@shine/shared/payments';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { insertStripeEventOnce } from './payments.queries.ts';
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
  const isNew = await insertStripeEventOnce(db, { id, type });
  return { received: true, duplicate: !isNew };
}
