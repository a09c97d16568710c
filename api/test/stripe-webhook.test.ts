// The card processor's webhook (POST /api/payments/stripe/webhook): believed only when signed as
// Stripe signs (HMAC-SHA256 over "<t>.<raw body>" with STRIPE_WEBHOOK_SECRET, at most 5 minutes
// old); each event id taken once, so a replay answers 2xx and does nothing more; without the secret
// the route is not there (404).
import { stripeEventReceiptSchema } from '@shine/shared/responses/payments';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signStripePayload } from '../src/payments/stripe-signature.ts';
import { buildTestApp, countRows, describeApi, type TestApp, useTestApp } from './support/test-app.ts';

const SECRET = 'whsec_test_secret_of_the_endpoint';

describeApi('the Stripe webhook', () => {
  const t = useTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  let withoutSecret: TestApp;
  beforeAll(async () => {
    withoutSecret = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await withoutSecret?.close();
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const eventBody = (id: string) =>
    JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
  const post = (app: TestApp, body: string, signature?: string) => {
    const request = supertest(app.app).post('/api/payments/stripe/webhook').set('content-type', 'application/json');
    return (signature ? request.set('stripe-signature', signature) : request).send(body);
  };

  it('takes a signed event once: the same event five times more is answered and changes nothing', async () => {
    const body = eventBody('evt_once');
    const first = await post(t, body, signStripePayload(SECRET, body, nowSeconds())).expect(200);
    expect(stripeEventReceiptSchema.parse(first.body)).toEqual({ received: true, duplicate: false });
    for (let replay = 0; replay < 5; replay++) {
      const again = await post(t, body, signStripePayload(SECRET, body, nowSeconds())).expect(200);
      expect(again.body).toEqual({ received: true, duplicate: true });
    }
    expect(await countRows(t.db, 'stripe_events')).toBe(1);
  });

  it('refuses a missing, wrong, tampered or stale signature with a 400, and takes nothing', async () => {
    const body = eventBody('evt_refused');
    const refusals = [
      undefined,
      'nonsense',
      signStripePayload('whsec_another_secret', body, nowSeconds()),
      signStripePayload(SECRET, body.replace('pi_1', 'pi_2'), nowSeconds()),
      signStripePayload(SECRET, body, nowSeconds() - 301),
      signStripePayload(SECRET, body, nowSeconds() + 301),
      `t=${nowSeconds()}`,
    ];
    for (const signature of refusals) {
      const answer = await post(t, body, signature).expect(400);
      expect(answer.body.message).toMatch(/Stripe-Signature/);
    }
    // Within the tolerance, and with a second v1 while a secret is rolled: taken.
    const rolled = `${signStripePayload(SECRET, body, nowSeconds() - 290)},v1=${'0'.repeat(64)}`;
    await post(t, body, rolled).expect(200);
    expect(await countRows(t.db, 'stripe_events')).toBe(1);
  });

  it('refuses a signed body that is no event, and is not there without STRIPE_WEBHOOK_SECRET', async () => {
    const notAnEvent = JSON.stringify({ hello: 'world' });
    await post(t, notAnEvent, signStripePayload(SECRET, notAnEvent, nowSeconds())).expect(400);
    const body = eventBody('evt_nowhere');
    await post(withoutSecret, body, signStripePayload(SECRET, body, nowSeconds())).expect(404);
    expect(await countRows(t.db, 'stripe_events')).toBe(0);
  });
});
