// Cards on file and their charges (docs/decisions.md, "Cards on file"), against the local Stripe
// stand-in through the official SDK: after booking on /q/{token} the customer agrees to the terms,
// types a card on Stripe's page (the stand-in's), and the signed webhook records it once, with the
// terms, time and client address; staff see its brand, last four and expiry and may remove it, as may
// the customer. Without STRIPE_SECRET_KEY the page offers nothing of the sort.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { metricsSchema } from '@shine/shared/responses/reports';
import { myDaySchema } from '@shine/shared/responses/my-day';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  invoiceAnswerSchema,
  invoiceListSchema,
  type Invoice,
  savedCardAnswerSchema,
} from '@shine/shared/responses/payments';
import { simpleParser } from 'mailparser';
import { startStripeStandIn } from '../src/cli/stripe-stand-in.ts';
import { retryAtOf, sweepDueCardCharges } from '../src/payments/card-charges.service.ts';
import { createStripeClient } from '../src/payments/stripe-client.ts';
import { openSecondPool, useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { addStaff, STAFF_PASSWORD } from './support/team.ts';
import { buildTestApp, describeApi, resetTables, signIn } from './support/test-app.ts';

const ORIGIN = 'https://shine.example.com';
const SECRET = 'whsec_card_payments';
const TIME_ZONE = 'America/Chicago';
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
    const answer = await customer
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start });
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

  const mailTo = (address: string) => reacting.smtp.received.filter((mail) => mail.to.includes(address));
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await reacting.app.db(table).where(where).count({ n: '*' }))[0]?.n);
  const stripe = () => {
    const client = createStripeClient({ stripe: { secretKey: ENV.STRIPE_SECRET_KEY, apiUrl: standIn.url } });
    if (!client) throw new Error('no client');
    return client;
  };

  async function invoiceOfVisit(
    agent: ReturnType<typeof supertest.agent>,
    leadId: string,
    visitId: string,
  ): Promise<Invoice> {
    const list = invoiceListSchema.parse((await agent.get(`/api/admin/invoices?leadId=${leadId}`).expect(200)).body);
    const summary = list.items.find((item) => item.visitId === visitId);
    if (!summary) throw new Error('no invoice for the visit');
    return invoiceAnswerSchema.parse((await agent.get(`/api/admin/invoices/${summary.id}`).expect(200)).body).invoice;
  }

  /** The stand-in's succeeded PaymentIntents for an invoice. */
  const succeededFor = (invoiceId: string) =>
    standIn.events.filter(
      (event) =>
        event.type === 'payment_intent.succeeded' &&
        (event.data.object.metadata as Record<string, string> | undefined)?.invoice_id === invoiceId,
    );

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
    await supertest(reacting.app.app)
      .get(new URL(back).pathname + new URL(back).search)
      .expect(303);
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

  it('charges the card on file once when the visit is completed: two processes at once and the webhook five times more make one payment and one receipt', async () => {
    const { leadId, email, token, visits } = await booked();
    const [first] = visits;
    if (!first) throw new Error('no visit');
    await saveCard(token);
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    reacting.app.clock.now = new Date(first.starts_at.getTime() + 3_600_000);
    const agent = await signIn(reacting.app.app);
    const pool = await openSecondPool(reacting.app.db);
    const other = await buildTestApp(pool.db, {
      env: ENV,
      onLeadEvent: (event) => reacting.app.engine.engine.handleLeadEvent(event),
    });
    other.clock.now = reacting.app.clock.now;
    try {
      const otherAgent = await signIn(other.app);
      const answers = await Promise.all([
        agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        otherAgent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        otherAgent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      // Both processes' sweeps, later: nothing is left to charge.
      const later = new Date((reacting.app.clock.now as Date).getTime() + 3_600_000);
      await Promise.all([
        sweepDueCardCharges(reacting.app.db, stripe(), later, TIME_ZONE),
        sweepDueCardCharges(pool.db, stripe(), later, TIME_ZONE),
      ]);
    } finally {
      await other.close();
      await pool.close();
    }
    const invoice = await invoiceOfVisit(agent, leadId, first.id);
    const [succeeded, ...more] = succeededFor(invoice.id);
    expect(more).toEqual([]);
    // The webhook's signatures are judged by the app's clock: the real one again.
    reacting.app.clock.now = undefined;
    for (let replay = 0; replay < 5; replay++) expect(await standIn.resend(succeeded?.id as string)).toBe(200);
    await reacting.app.settle();

    const paid = await invoiceOfVisit(agent, leadId, first.id);
    expect(paid).toMatchObject({ status: 'paid', total: '173.20', amountPaid: '173.20', balance: '0.00' });
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'card', amount: '173.20', status: 'succeeded', reference: 'Visa •••• 4242' }),
    ]);
    expect(await count('payments', { invoice_id: invoice.id })).toBe(1);
    expect(await count('card_charges', { invoice_id: invoice.id, status: 'succeeded' })).toBe(1);
    const mails = await Promise.all(mailTo(email).map((mail) => simpleParser(mail.raw)));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Receipt: \$173\.20 received for invoice INV-/),
    ]);
    expect(mails[0]?.text).toContain('Card (Visa •••• 4242)');
  });

  it('a process that stopped before charging: the sweeps of two processes at once charge it once', async () => {
    const { leadId, email, token, visits } = await booked();
    const [first] = visits;
    if (!first) throw new Error('no visit');
    await saveCard(token);
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    // Completed by a process that charges nothing after its commit (no STRIPE_SECRET_KEY: as if it stopped).
    const stopped = await buildTestApp(reacting.app.db, {
      env: BASE_ENV,
      onLeadEvent: (event) => reacting.app.engine.engine.handleLeadEvent(event),
    });
    stopped.clock.now = new Date(first.starts_at.getTime() + 3_600_000);
    const pool = await openSecondPool(reacting.app.db);
    try {
      const agent = await signIn(stopped.app);
      await agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }).expect(200);
      const invoice = await invoiceOfVisit(agent, leadId, first.id);
      expect(invoice.payments).toEqual([]);
      // Within the grace the sweep leaves it to its process; after it, both processes' sweeps take it.
      const completedAt = stopped.clock.now;
      expect(await sweepDueCardCharges(reacting.app.db, stripe(), completedAt, TIME_ZONE)).toBe(0);
      const later = new Date(completedAt.getTime() + 120_000);
      await Promise.all([
        sweepDueCardCharges(reacting.app.db, stripe(), later, TIME_ZONE),
        sweepDueCardCharges(pool.db, stripe(), later, TIME_ZONE),
        sweepDueCardCharges(pool.db, stripe(), later, TIME_ZONE),
      ]);
      expect(succeededFor(invoice.id)).toHaveLength(1);
      expect(await count('payments', { invoice_id: invoice.id })).toBe(1);
      expect((await invoiceOfVisit(agent, leadId, first.id)).status).toBe('paid');
    } finally {
      await stopped.close();
      await pool.close();
    }
    await reacting.app.settle();
    const subjects = (await Promise.all(mailTo(email).map((mail) => simpleParser(mail.raw)))).map(
      (mail) => mail.subject,
    );
    expect(subjects).toEqual([expect.stringMatching(/^Receipt: /)]);
  });

  it('a card that declines is not paid (the attempt kept as failed, the next one planned); without a card the pay page takes a card through Checkout', async () => {
    const declined = await booked();
    const plain = await booked();
    await saveCard(declined.token, '4000 0000 0000 0341');
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    const [visit] = declined.visits;
    const [own] = plain.visits;
    if (!visit || !own) throw new Error('no visit');
    reacting.app.clock.now = new Date(Math.max(visit.starts_at.getTime(), own.starts_at.getTime()) + 3_600_000);
    const staff = await signIn(reacting.app.app);
    await staff.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    const unpaid = await invoiceOfVisit(staff, declined.leadId, visit.id);
    expect(unpaid).toMatchObject({ status: 'open', balance: '173.20', payments: [] });
    expect(
      await reacting.app
        .db('card_charges')
        .where({ invoice_id: unpaid.id })
        .orderBy('attempt')
        .select('status', 'failure_code'),
    ).toEqual([
      { status: 'failed', failure_code: 'generic_decline' },
      { status: 'pending', failure_code: null },
    ]);

    // No card: the invoice e-mail's pay link, and "Pay by card" on it.
    await staff.patch(`/api/admin/visits/${own.id}`).send({ status: 'completed' }).expect(200);
    await reacting.app.settle();
    const [mail] = await Promise.all(mailTo(plain.email).map((each) => simpleParser(each.raw)));
    expect(mail?.subject).toMatch(/^Your invoice INV-/);
    const link = /https:\/\/shine\.example\.com(\/i\/[\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const page = (await supertest(reacting.app.app).get(link).expect(200)).text;
    expect(page).toContain('Pay by card');
    const toStripe = await supertest(reacting.app.app).post(`${link}/pay`).expect(303);
    expect(toStripe.headers.location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_`));
    const typed = await typeCard(toStripe.headers.location as string, '4242 4242 4242 4242');
    expect(typed.location).toMatch(new RegExp(`^${ORIGIN}${link}/paid\\?session=cs_test_`));
    await supertest(reacting.app.app)
      .get(new URL(typed.location).pathname + new URL(typed.location).search)
      .expect(303);
    const settled = await invoiceOfVisit(staff, plain.leadId, own.id);
    expect(settled).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(settled.payments).toEqual([expect.objectContaining({ method: 'card', amount: '173.20' })]);
    expect((await supertest(reacting.app.app).get(link).expect(200)).text).toContain('Paid in full');
  });

  it('a declined card: the customer is e-mailed a pay link, it is tried again at 10 AM 1 and 3 business days later, and a new card pays the balance at once; authentication asks the customer', async () => {
    const declined = await booked();
    const confirm = await booked();
    await saveCard(declined.token, '4000 0000 0000 0341');
    await saveCard(confirm.token, '4000 0027 6000 3184');
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    const [visit] = declined.visits;
    const [other] = confirm.visits;
    if (!visit || !other) throw new Error('no visit');
    const completedAt = new Date(Math.max(visit.starts_at.getTime(), other.starts_at.getTime()) + 3_600_000);
    reacting.app.clock.now = completedAt;
    const staff = await signIn(reacting.app.app);
    await staff.patch(`/api/admin/leads/${declined.leadId}`).send({ assignedTo: reacting.app.adminId }).expect(200);
    await staff.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    await staff.patch(`/api/admin/visits/${other.id}`).send({ status: 'completed' }).expect(200);
    const invoice = await invoiceOfVisit(staff, declined.leadId, visit.id);
    const attempts = () =>
      reacting.app
        .db('card_charges')
        .where({ invoice_id: invoice.id })
        .orderBy('attempt')
        .select('attempt', 'status', 'due_at');
    const firstRetry = retryAtOf(completedAt, 1, TIME_ZONE);
    expect(await attempts()).toEqual([
      { attempt: 1, status: 'failed', due_at: completedAt },
      { attempt: 2, status: 'pending', due_at: firstRetry },
    ]);
    // 10 AM in Chicago, on a weekday after the completion's day.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      hour: 'numeric',
      hour12: false,
      weekday: 'short',
    });
    expect(local.format(firstRetry)).toMatch(/^(Mon|Tue|Wed|Thu|Fri),? 10$/);
    expect(firstRetry.getTime() - completedAt.getTime()).toBeGreaterThan(12 * 3_600_000);
    await reacting.app.settle();
    const [notice] = await Promise.all(mailTo(declined.email).map((mail) => simpleParser(mail.raw)));
    expect(notice?.subject).toMatch(/^Your card was declined for invoice INV-/);
    expect(notice?.text).toContain('We will try the card again on');
    const link = /https:\/\/shine\.example\.com(\/i\/[\w-]+)/.exec(notice?.text ?? '')?.[1] as string;
    expect((await supertest(reacting.app.app).get(link).expect(200)).text).toContain('Pay by card');

    // Staff are told in the bell (the lead's assignee, or the person on duty).
    const bell = await reacting.app
      .db('notifications')
      .where({ lead_id: declined.leadId, kind: 'payment_failed', user_id: reacting.app.adminId });
    expect(bell.map((row) => row.text)).toEqual([expect.stringMatching(/card was declined for INV-\d+ \(\$173\.20\)/)]);

    // And in My Day, "Payments to chase", with when the card is tried again.
    const day = myDaySchema.parse((await staff.get('/api/admin/my-day?scope=me').expect(200)).body);
    const chase = day.sections.find((section) => section.key === 'payments');
    expect(chase?.title).toBe('Payments to chase');
    expect(chase?.items).toEqual([
      expect.objectContaining({
        kind: 'payment',
        leadId: declined.leadId,
        invoiceId: invoice.id,
        balance: '173.20',
        reason: 'declined',
        nextTry: firstRetry.toISOString(),
      }),
    ]);

    // Authentication required: the customer is asked to confirm; no retry is planned.
    const asked = await invoiceOfVisit(staff, confirm.leadId, other.id);
    expect(await reacting.app.db('card_charges').where({ invoice_id: asked.id }).select('status')).toEqual([
      { status: 'requires_action' },
    ]);
    const [confirmMail] = await Promise.all(mailTo(confirm.email).map((mail) => simpleParser(mail.raw)));
    expect(confirmMail?.subject).toMatch(/^Please confirm your payment for invoice INV-/);

    // Just before the retry nothing is charged; after it, the sweep tries and plans the third try.
    reacting.smtp.received.length = 0;
    expect(await sweepDueCardCharges(reacting.app.db, stripe(), new Date(firstRetry.getTime() - 1000), TIME_ZONE)).toBe(
      0,
    );
    reacting.app.clock.now = new Date(firstRetry.getTime() + 120_000);
    await sweepDueCardCharges(reacting.app.db, stripe(), reacting.app.clock.now, TIME_ZONE);
    expect((await attempts()).map((row) => [row.attempt, row.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'pending'],
    ]);
    expect((await attempts())[2]?.due_at).toEqual(retryAtOf(completedAt, 3, TIME_ZONE));
    await reacting.app.settle();
    expect(mailTo(declined.email)).toHaveLength(1);

    // The customer saves another card: the balance is charged to it at once, and the receipt sent.
    reacting.smtp.received.length = 0;
    const back = await saveCard(declined.token, '4242 4242 4242 4242');
    await supertest(reacting.app.app)
      .get(new URL(back).pathname + new URL(back).search)
      .expect(303);
    const paid = await invoiceOfVisit(staff, declined.leadId, visit.id);
    expect(paid).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(paid.payments).toEqual([expect.objectContaining({ method: 'card', reference: 'Visa •••• 4242' })]);
    expect((await attempts()).map((row) => row.status)).toEqual(['failed', 'failed', 'succeeded']);
    const after = myDaySchema.parse((await staff.get('/api/admin/my-day?scope=me').expect(200)).body);
    expect(after.sections.find((section) => section.key === 'payments')?.items).toEqual([]);
    await reacting.app.settle();
    const receipts = await Promise.all(mailTo(declined.email).map((mail) => simpleParser(mail.raw)));
    expect(receipts.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Receipt: \$173\.20/)]);
  });

  it('refunds a card payment in part, then the rest (admins only, with a reason, audited), once however often it is asked at once', async () => {
    const { leadId, token, visits } = await booked();
    const [first] = visits;
    if (!first) throw new Error('no visit');
    await saveCard(token);
    reacting.app.clock.now = new Date(first.starts_at.getTime() + 3_600_000);
    const admin = await signIn(reacting.app.app);
    await admin.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }).expect(200);
    const invoice = await invoiceOfVisit(admin, leadId, first.id);
    const paymentId = invoice.payments[0]?.id as string;
    expect(invoice.payments[0]).toMatchObject({ method: 'card', amount: '173.20' });
    const refund = (body: object, agent = admin) => agent.post(`/api/admin/payments/${paymentId}/refund`).send(body);
    const collected = async () =>
      metricsSchema.parse((await admin.get('/api/admin/metrics').expect(200)).body).collectedThisMonth;
    const before = await collected();

    const salesEmail = `sales${people}@cards.example`;
    await addStaff(reacting.app.db, { email: salesEmail, role: 'sales' });
    const sales = await signIn(reacting.app.app, { username: salesEmail, password: STAFF_PASSWORD });
    await refund({ amount: '20.00', reason: 'Oven missed' }, sales).expect(403);
    for (const bad of [
      { amount: '20.00' },
      { amount: '20.00', reason: '   ' },
      { amount: '-5.00', reason: 'x' },
      { amount: '5.555', reason: 'x' },
      { amount: '173.21', reason: 'x' },
    ]) {
      await refund(bad).expect(400);
    }
    expect(await count('audit_log', { lead_id: leadId, action: 'payment_refunded' })).toBe(0);

    // The same partial refund twice at once: one refund.
    const [one, two] = await Promise.all([
      refund({ amount: '20.00', reason: 'Oven missed' }),
      refund({ amount: '20.00', reason: 'Oven missed' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.payment).toMatchObject({ status: 'partially_refunded', amount: '173.20' });
    const [stored] = await reacting.app
      .db('payments')
      .where({ id: paymentId })
      .select('refunded_cents', 'stripe_payment_intent_id');
    const refundsAtStripe = () =>
      standIn.events.filter(
        (event) =>
          event.type === 'refund.created' && event.data.object.payment_intent === stored?.stripe_payment_intent_id,
      );
    expect(refundsAtStripe().map((event) => event.data.object.amount)).toEqual([2000]);
    expect(Number(stored?.refunded_cents)).toBe(2000);
    expect(await collected()).toBe((Number(before) - 20).toFixed(2));

    const rest = await refund({ reason: 'Customer moved away' }).expect(200);
    expect(rest.body.payment.status).toBe('refunded');
    expect(refundsAtStripe().map((event) => event.data.object.amount)).toEqual([2000, 15320]);
    await refund({ reason: 'Again' }).expect(409);
    const after = await invoiceOfVisit(admin, leadId, first.id);
    expect(after.status).toBe('paid');
    expect(after.payments[0]?.status).toBe('refunded');
    const audit = await reacting.app
      .db('audit_log')
      .where({ lead_id: leadId, action: 'payment_refunded' })
      .orderBy('id')
      .select('actor_id', 'after');
    expect(
      audit.map((row) => [
        row.actor_id,
        (row.after as { amount: string }).amount,
        (row.after as { reason: string }).reason,
      ]),
    ).toEqual([
      [reacting.app.adminId, '20.00', 'Oven missed'],
      [reacting.app.adminId, '153.20', 'Customer moved away'],
    ]);
    expect(await collected()).toBe((Number(before) - 173.2).toFixed(2));
  });

  it('says nothing of cards without STRIPE_SECRET_KEY', async () => {
    const { token } = await booked();
    const off = await buildTestApp(reacting.app.db, { env: BASE_ENV });
    try {
      const page = (await supertest(off.app).get(`/q/${token}`).expect(200)).text;
      expect(page).toContain('Your cleaning is booked');
      expect(page).not.toContain('Save a card');
      await supertest(off.app).post(`/q/${token}/card`).type('form').send({ agree: 'yes' }).expect(404);
      await supertest(off.app).post('/i/any-token/pay').expect(404);
    } finally {
      await off.close();
    }
  });
});
