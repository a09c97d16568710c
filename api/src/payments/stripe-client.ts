// The official Stripe SDK, pointed at STRIPE_API_URL (Stripe itself by default, the local stand-in in
// tests and demos: api/src/cli/stripe-stand-in.ts). Undefined without STRIPE_SECRET_KEY: card payments off.
import Stripe from 'stripe';
import type { Config } from '../config.ts';

export function createStripeClient(config: Pick<Config, 'stripe'>): Stripe | undefined {
  if (!config.stripe) return undefined;
  const url = new URL(config.stripe.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.stripe.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}
