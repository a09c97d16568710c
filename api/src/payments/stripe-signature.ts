// The card processor's webhook signature, as Stripe documents it: the header
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's
// secret>` (more than one v1 while a secret is rolled). A signature older (or newer) than the
// tolerance is refused, so a captured call cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's own default tolerance. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

function hmacOf(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/** The header a signed delivery of `payload` at `timestamp` carries (the stand-in and the tests sign so). */
export function signStripePayload(secret: string, payload: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacOf(secret, timestamp, payload)}`;
}

/** Whether the header signs exactly `payload` with `secret`, within the tolerance of `now`. */
export function isValidStripeSignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  now: Date,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const stamp = parts.find(([key]) => key === 't')?.[1];
  if (!stamp || !/^\d{1,12}$/.test(stamp)) return false;
  const timestamp = Number(stamp);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacOf(secret, timestamp, payload), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, 'hex'), expected));
}
