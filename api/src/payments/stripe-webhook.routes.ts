// POST /api/payments/stripe/webhook: the card processor's events, verified on the raw body (a JSON
// parser would change the bytes the signature covers). Without STRIPE_WEBHOOK_SECRET it answers 404,
// as if not there.
import { PAYMENT_MESSAGES } from '@shine/shared/payments';
import { paymentOperations } from '@shine/shared/operations/payments';
import express, { type Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { operationRouter } from '../http/route.ts';
import { createStripeClient } from './stripe-client.ts';
import { receiveStripeEvent } from './stripe-webhook.service.ts';

/** Stripe's events are a few kilobytes; the largest objects stay well under this. */
const STRIPE_WEBHOOK_BODY_LIMIT = '512kb';

export function stripeWebhookRouter({ config, db, now }: Pick<AppDeps, 'config' | 'db' | 'now'>): Router {
  const stripe = createStripeClient(config);
  const { router, route } = operationRouter('/api/payments/stripe');
  route(
    paymentOperations.receiveStripeEvent,
    [express.raw({ type: () => true, limit: STRIPE_WEBHOOK_BODY_LIMIT })],
    async (req, res) => {
      const secret = config.stripeWebhookSecret;
      if (!secret) throw new AppError(404, PAYMENT_MESSAGES.stripeOff);
      const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.json(
        await receiveStripeEvent(
          db,
          secret,
          payload,
          req.get('stripe-signature'),
          now(),
          stripe,
          config.businessTimeZone,
        ),
      );
    },
  );
  return router;
}
