// The local Stripe stand-in (src/cli/stripe-stand-in.ts) driven by the official SDK as the product
// drives Stripe (createStripeClient with STRIPE_API_URL): Stripe's test payment methods succeed,
// decline or ask for authentication; an Idempotency-Key makes one charge however often it is sent;
// refunds in part and in full; and its webhooks, signed as Stripe signs them, are taken by the app's
// webhook once, whatever the replays.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../src/cli/stripe-stand-in.ts';
import { createStripeClient } from '../src/payments/stripe-client.ts';
import { waitFor } from './support/automation-engine.ts';
import { countRows, describeApi, useTestApp } from './support/test-app.ts';

const SECRET = 'whsec_stand_in_secret';

describeApi('the Stripe stand-in through the official SDK', () => {
  const t = useTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  let server: Server;
  let standIn: StripeStandIn;
  const stripe = () => {
    const client = createStripeClient({ stripe: { secretKey: 'sk_test_stand_in', apiUrl: standIn.url } });
    if (!client) throw new Error('no client');
    return client;
  };

  beforeAll(async () => {
    server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    standIn = await startStripeStandIn({
      webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
      webhookSecret: SECRET,
    });
  });
  afterAll(async () => {
    await standIn?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const takenEvents = async (id: string) => Number((await t.db('stripe_events').where({ id }).count({ n: '*' }))[0]?.n);

  it('charges a saved card off-session once per idempotency key; its event is taken once, however often it comes', async () => {
    const customer = await stripe().customers.create({ email: 'ann.lee@example.com', name: 'Ann Lee' });
    const charge = () =>
      stripe().paymentIntents.create(
        {
          amount: 40215,
          currency: 'usd',
          customer: customer.id,
          payment_method: 'pm_card_visa',
          confirm: true,
          off_session: true,
          metadata: { invoice: 'INV-000123' },
        },
        { idempotencyKey: 'invoice-INV-000123-attempt-1' },
      );
    const [first, second] = [await charge(), await charge()];
    expect(first).toMatchObject({ status: 'succeeded', amount_received: 40215, metadata: { invoice: 'INV-000123' } });
    expect(second.id).toBe(first.id);
    expect((await stripe().paymentIntents.retrieve(first.id)).status).toBe('succeeded');
    const succeeded = standIn.events.filter((event) => event.type === 'payment_intent.succeeded');
    expect(succeeded).toHaveLength(1);
    const eventId = succeeded[0]?.id as string;
    await waitFor(async () => (await takenEvents(eventId)) === 1);
    for (let replay = 0; replay < 5; replay++) expect(await standIn.resend(eventId)).toBe(200);
    expect(await takenEvents(eventId)).toBe(1);
    expect(await countRows(t.db, 'stripe_events')).toBe(1);
  });

  it('declines pm_card_chargeDeclined and asks for authentication off-session, as Stripe’s test cards do', async () => {
    const attempt = (paymentMethod: string) =>
      stripe().paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        payment_method: paymentMethod,
        confirm: true,
        off_session: true,
      });
    await expect(attempt('pm_card_chargeDeclined')).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await expect(attempt('pm_card_authenticationRequired')).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'authentication_required',
    });
    expect(standIn.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['payment_intent.payment_failed', 'payment_intent.requires_action']),
    );
    await expect(
      createStripeClient({ stripe: { secretKey: 'not_a_key', apiUrl: standIn.url } })?.customers.create({}),
    ).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });

  it('refunds part of a payment, then the rest, and no more', async () => {
    const paid = await stripe().paymentIntents.create({
      amount: 10000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect((await stripe().refunds.create({ payment_intent: paid.id, amount: 2550 })).amount).toBe(2550);
    expect((await stripe().refunds.create({ payment_intent: paid.id })).amount).toBe(7450);
    await expect(stripe().refunds.create({ payment_intent: paid.id, amount: 1 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });
});
