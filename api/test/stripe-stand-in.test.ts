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
  /** Types a card on the hosted page, as a person would: answers the page's status and where it sends them. */
  async function typeCard(url: string, number: string, expiry = '04 / 28') {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry, cvc: '123' }).toString(),
      redirect: 'manual',
    });
    return { status: answer.status, location: answer.headers.get('location'), text: await answer.text() };
  }

  it('saves a card through Checkout in setup mode on its hosted page, and signs checkout.session.completed', async () => {
    const customer = await stripe().customers.create({ email: 'ann.lee@example.com' });
    const session = await stripe().checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      success_url: 'https://shine.example.com/q/abc?card={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shine.example.com/q/abc',
      metadata: { lead: 'lead-1' },
      setup_intent_data: { metadata: { lead: 'lead-1' } },
    });
    expect(session).toMatchObject({ mode: 'setup', status: 'open', metadata: { lead: 'lead-1' } });
    const page = await fetch(session.url as string);
    expect(await page.text()).toContain('Card number');
    expect((await typeCard(session.url as string, '4111 1111 1111 1112')).status).toBe(400);
    expect((await typeCard(session.url as string, '4242424242424242', '01 / 20')).status).toBe(400);
    const typed = await typeCard(session.url as string, '4242 4242 4242 4242');
    expect(typed).toMatchObject({ status: 303, location: `https://shine.example.com/q/abc?card=${session.id}` });

    const done = await stripe().checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', customer: customer.id });
    const intent = await stripe().setupIntents.retrieve(done.setup_intent as string);
    expect(intent).toMatchObject({ status: 'succeeded', usage: 'off_session', metadata: { lead: 'lead-1' } });
    const card = await stripe().paymentMethods.retrieve(intent.payment_method as string);
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2028 });
    expect(standIn.events.slice(-2).map((event) => event.type)).toEqual([
      'setup_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect((await typeCard(session.url as string, '4242424242424242')).status).toBe(410);
    // The saved card is charged off-session as a test payment method is.
    const charged = await stripe().paymentIntents.create({
      amount: 12000,
      currency: 'usd',
      customer: customer.id,
      payment_method: card.id,
      confirm: true,
      off_session: true,
    });
    expect(charged.status).toBe('succeeded');
  });

  it('saves 4000 0000 0000 0341, which then declines off-session; 3184 asks for authentication', async () => {
    const saved = async (number: string) => {
      const session = await stripe().checkout.sessions.create({ mode: 'setup', success_url: 'https://x.example/ok' });
      expect((await typeCard(session.url as string, number)).status).toBe(303);
      const done = await stripe().checkout.sessions.retrieve(session.id);
      return (await stripe().setupIntents.retrieve(done.setup_intent as string)).payment_method as string;
    };
    const charge = async (paymentMethod: string) =>
      stripe().paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        payment_method: paymentMethod,
        confirm: true,
        off_session: true,
      });
    await expect(charge(await saved('4000000000000341'))).rejects.toMatchObject({ code: 'card_declined' });
    await expect(charge(await saved('4000002760003184'))).rejects.toMatchObject({ code: 'authentication_required' });
  });

  it('takes a payment through Checkout in payment mode; a declining card stays on the page', async () => {
    const session = await stripe().checkout.sessions.create({
      mode: 'payment',
      success_url: 'https://x.example/paid',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 28686, product_data: { name: 'INV-000001' } } },
      ],
      payment_intent_data: { metadata: { invoice: 'inv-1' } },
    });
    expect(session.amount_total).toBe(28686);
    expect((await typeCard(session.url as string, '4000000000000341')).status).toBe(402);
    expect((await typeCard(session.url as string, '4242424242424242')).status).toBe(303);
    const done = await stripe().checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('paid');
    const intent = await stripe().paymentIntents.retrieve(done.payment_intent as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 28686, metadata: { invoice: 'inv-1' } });
  });
});
