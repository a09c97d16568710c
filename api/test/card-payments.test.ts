// Cards on file and their charges (docs/decisions.md, "Cards on file"), against the local Stripe
// stand-in through the official SDK: after booking on /q/{token} the customer agrees to the terms,
// types a card on Stripe's page (the stand-in's), and the signed webhook records it once, with the
// terms, time and client address; staff see its brand, last four and expiry and may remove it, as may
// the customer. Without STRIPE_SECRET_KEY the page offers nothing of the sort.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { savedCardAnswerSchema } from '@shine/shared/responses/payments';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startStripeStandIn } from '../src/cli/stripe-stand-in.ts';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { buildTestApp, describeApi, resetTables, signIn } from './support/test-app.ts';

const ORIGIN = 'https://shine.example.com';
const SECRET = 'whsec_card_payments';
const standIn = await startStripeStandIn({});
const BASE_ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000', PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' };
const ENV = {
  ...BASE_ENV,
  STRIPE_SECRET_KEY: 'sk_test_card_payments',
  STRIPE_API_URL: standIn.url,
  STRIPE_WEBHOOK_SECRET: SECRET,
};

/** Biweekly basic cleaning at $160, no promotion, 8.25 % tax. */
const QUOTE = {
  cleaning: { cleaningType: 'Basic', bedrooms: '2', bathrooms: '1', frequency: 'Biweekly', price: '160' },
  addOns: [],
  welcomeDiscount: false,
  recurringDiscountPercent: 0,
  customDiscount: null,
  taxRate: '8.25',
};

describeApi('cards on file', () => {
  const reacting = useReactingApp({ env: ENV });
  let server: Server;
  let people = 0;

  beforeAll(async () => {
    server = reacting.app.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    standIn.setWebhook(`http://127.0.0.1:${port}/api/payments/stripe/webhook`, SECRET);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await standIn.close();
  });
  beforeEach(async () => {
    reacting.app.clock.now = undefined;
    reacting.smtp.received.length = 0;
    await resetTables(reacting.app.db);
  });

  /** A lead of its own, its quote accepted and booked by the customer at the first free window. */
  async function booked(quote: object = QUOTE) {
    people++;
    const agent = await signIn(reacting.app.app);
    const email = `cardholder${people}@example.com`;
    const leadId = await createLeadThroughForm(reacting.app.app, { email, phone: `214-555-${String(7000 + people)}` });
    const token = tokenOf((await sendNewQuote(agent, leadId, quote)).url);
    const customer = supertest(reacting.app.app);
    await customer.post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const [slot] = slotListSchema.parse((await customer.get(`/api/quotes/${token}/slots`).expect(200)).body).slots;
    if (!slot) throw new Error('no free window');
    const answer = await customer.post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: slot.start });
    const { booking } = bookingAnswerSchema.parse(answer.body);
    const visits = (await reacting.app
      .db('visits')
      .where({ booking_id: booking.id })
      .orderBy('sequence')
      .select('id', 'starts_at')) as Array<{ id: string; starts_at: Date }>;
    return { agent, leadId, email, token, visits };
  }

  /** Types a card on the stand-in's hosted page as a person would: its status and where it sends them. */
  async function typeCard(url: string, number: string) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '04 / 28', cvc: '123' }).toString(),
      redirect: 'manual',
    });
    return { status: answer.status, location: answer.headers.get('location') ?? '' };
  }

  /** Agrees to the terms on /q/{token} and saves `number` on Stripe's page; answers where Stripe sent them back. */
  async function saveCard(token: string, number = '4242 4242 4242 4242') {
    const agreed = await supertest(reacting.app.app)
      .post(`/q/${token}/card`)
      .type('form')
      .send({ agree: 'yes' })
      .expect(303);
    expect(agreed.headers.location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_`));
    const typed = await typeCard(agreed.headers.location as string, number);
    expect(typed.status).toBe(303);
    expect(typed.location).toMatch(new RegExp(`^${ORIGIN}/q/${token}/card/done\\?session=cs_test_`));
    return typed.location;
  }

  const cardOf = async (agent: ReturnType<typeof supertest.agent>, leadId: string) =>
    savedCardAnswerSchema.parse((await agent.get(`/api/admin/leads/${leadId}/card`).expect(200)).body).card;

  it('offers the card with its terms after booking, records it once from the signed webhook, and staff see "Visa •••• 4242, expires 04/28"', async () => {
    const { agent, leadId, token } = await booked();
    const page = (await supertest(reacting.app.app).get(`/q/${token}`).expect(200)).text;
    expect(page).toContain('Save a card for automatic payment after each cleaning');
    expect(page).toMatch(/\$173\.20 per visit, biweekly/);
    expect(page).toContain('after each cleaning is completed');
    expect(page).toContain('less than 24 hours');
    expect(page).not.toMatch(/name="(number|cardnumber|card_number)"/);
    expect(await cardOf(agent, leadId)).toBeNull();

    // The box left unticked: the page again with why, and nobody sent to Stripe.
    const unticked = await supertest(reacting.app.app).post(`/q/${token}/card`).type('form').send({}).expect(400);
    expect(unticked.text).toContain('Please tick the box to agree to the terms first');
    expect(unticked.text).toContain('Your cleaning is booked');

    const back = await saveCard(token);
    const card = await cardOf(agent, leadId);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2028 });
    expect(card?.label).toBe('Visa •••• 4242, expires 04/28');
    expect(card?.terms).toMatch(/\$173\.20 per visit, biweekly/);
    const [stored] = await reacting.app.db('saved_cards').where({ lead_id: leadId });
    expect(stored).toMatchObject({ terms_version: 'card-on-file-1', agreed_ip: expect.stringContaining('127.0.0.1') });
    expect(stored?.agreed_at).toBeInstanceOf(Date);

    // The customer's return, and the webhook five times more: the same one card.
    await supertest(reacting.app.app).get(new URL(back).pathname + new URL(back).search).expect(303);
    const completed = standIn.events.filter((event) => event.type === 'checkout.session.completed').at(-1);
    for (let replay = 0; replay < 5; replay++) expect(await standIn.resend(completed?.id as string)).toBe(200);
    expect(Number((await reacting.app.db('saved_cards').where({ lead_id: leadId }).count({ n: '*' }))[0]?.n)).toBe(1);
    const shown = (await supertest(reacting.app.app).get(`/q/${token}`).expect(200)).text;
    expect(shown).toContain('Visa •••• 4242, expires 04/28');
    expect(shown).toContain('Remove this card');
  });

  it('a newer card replaces the older; staff remove it (audited), then the customer saves and removes one on the page', async () => {
    const { agent, leadId, token } = await booked();
    await saveCard(token, '4000 0000 0000 0341');
    await saveCard(token, '5555 5555 5555 4444');
    expect((await cardOf(agent, leadId))?.label).toBe('Mastercard •••• 4444, expires 04/28');
    expect(Number((await reacting.app.db('saved_cards').where({ lead_id: leadId }).count({ n: '*' }))[0]?.n)).toBe(2);

    await agent.delete(`/api/admin/leads/${leadId}/card`).expect(204);
    expect(await cardOf(agent, leadId)).toBeNull();
    await agent.delete(`/api/admin/leads/${leadId}/card`).expect(404);
    const audit = await reacting.app.db('audit_log').where({ lead_id: leadId, action: 'card_removed' });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(reacting.app.adminId);

    await saveCard(token);
    await supertest(reacting.app.app).post(`/q/${token}/card/remove`).type('form').send({}).expect(303);
    expect(await cardOf(agent, leadId)).toBeNull();
    expect((await supertest(reacting.app.app).get(`/q/${token}`).expect(200)).text).toContain(
      'Save a card for automatic payment after each cleaning',
    );
  });

  it('says nothing of cards without STRIPE_SECRET_KEY', async () => {
    const { token } = await booked();
    const off = await buildTestApp(reacting.app.db, { env: BASE_ENV });
    try {
      const page = (await supertest(off.app).get(`/q/${token}`).expect(200)).text;
      expect(page).toContain('Your cleaning is booked');
      expect(page).not.toContain('Save a card');
      await supertest(off.app).post(`/q/${token}/card`).type('form').send({ agree: 'yes' }).expect(404);
    } finally {
      await off.close();
    }
  });
});
