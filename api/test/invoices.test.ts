// Invoices for completed visits (docs/decisions.md, "Invoices and payments"): marking a visit completed
// makes its invoice once — whoever completes it, however often, in how many processes — priced from
// the accepted quote (WELCOME40 on the first visit only, the quote's own tax rate, integer cents);
// the customer is e-mailed the pay link, and the page it opens works without JavaScript. Staff record
// cash and checks (bad amounts refused, nothing changed), every payment e-mails a receipt, a returned
// check reopens the invoice with its fee; past due is open after 7 days; the Dashboard's money.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { metricsSchema } from '@shine/shared/responses/reports';
import {
  invoiceAnswerSchema,
  invoiceListSchema,
  paymentAnswerSchema,
  type Invoice,
} from '@shine/shared/responses/payments';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { openSecondPool, useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { buildTestApp, describeApi, resetTables, signIn } from './support/test-app.ts';

const DAY = 86_400_000;
const ORIGIN = 'https://shine.example.com';
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000', PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' };

/** Deep cleaning at $300 with the oven ($35), 10 % recurring discount, WELCOME40, 8.25 % tax. */
const QUOTE = {
  cleaning: { cleaningType: 'Deep', bedrooms: '2', bathrooms: '1.5', frequency: 'Biweekly', price: '300' },
  addOns: [{ key: 'oven', quantity: 1 }],
  welcomeDiscount: true,
  recurringDiscountPercent: 10,
  customDiscount: null,
  taxRate: '8.25',
};

describeApi('invoices and payments', () => {
  const reacting = useReactingApp({ env: ENV });
  let people = 0;
  beforeEach(async () => {
    reacting.app.clock.now = undefined;
    reacting.smtp.received.length = 0;
    await resetTables(reacting.app.db);
  });

  /** A lead of its own, its quote accepted and booked at the first free window by the customer. */
  async function booked(quote: object = QUOTE) {
    people++;
    const agent = await signIn(reacting.app.app);
    const email = `payer${people}@example.com`;
    const leadId = await createLeadThroughForm(reacting.app.app, { email, phone: `214-555-${String(6000 + people)}` });
    const token = tokenOf((await sendNewQuote(agent, leadId, quote)).url);
    const customer = supertest(reacting.app.app);
    await customer.post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const [slot] = slotListSchema.parse((await customer.get(`/api/quotes/${token}/slots`).expect(200)).body).slots;
    if (!slot) throw new Error('no free window');
    const answer = await customer
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start });
    const { booking } = bookingAnswerSchema.parse(answer.body);
    const visits = await reacting.app
      .db('visits')
      .where({ booking_id: booking.id })
      .orderBy('sequence')
      .select('id', 'starts_at', 'ends_at');
    return { agent, leadId, email, visits: visits as Array<{ id: string; starts_at: Date; ends_at: Date }> };
  }

  /**
   * Completes the visit an hour after it began (the app's clock), as staff signed in then (a session
   * begun at the real time has expired by the app's clock): answers their agent.
   */
  async function complete(visit: { id: string; starts_at: Date }) {
    reacting.app.clock.now = new Date(visit.starts_at.getTime() + 3_600_000);
    const agent = await signIn(reacting.app.app);
    await agent.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    return agent;
  }

  async function invoiceOf(agent: ReturnType<typeof supertest.agent>, id: string): Promise<Invoice> {
    return invoiceAnswerSchema.parse((await agent.get(`/api/admin/invoices/${id}`).expect(200)).body).invoice;
  }

  async function invoicesOfLead(agent: ReturnType<typeof supertest.agent>, leadId: string, status = '') {
    const query = `leadId=${leadId}${status ? `&status=${status}` : ''}`;
    return invoiceListSchema.parse((await agent.get(`/api/admin/invoices?${query}`).expect(200)).body);
  }

  const mailTo = (address: string) => reacting.smtp.received.filter((mail) => mail.to.includes(address));

  it('prices the first visit from the accepted quote with WELCOME40 and the quote’s tax, e-mails the pay link, and the page shows it', async () => {
    await reacting.app.settle();
    const { leadId, email, visits } = await booked();
    const [first] = visits;
    if (!first) throw new Error('no visit');
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    const agent = await complete(first);

    const list = await invoicesOfLead(agent, leadId);
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const [summary] = list.items;
    expect(summary).toMatchObject({ leadId, leadName: 'Ann Lee', visitId: first.id, status: 'open', total: '286.86' });
    expect(summary?.number).toMatch(/^INV-\d{6}$/);
    const invoice = await invoiceOf(agent, summary?.id as string);
    expect(invoice.lines).toEqual([
      { description: expect.stringContaining('Deep'), quantity: 1, unitPrice: '300.00', amount: '300.00' },
      { description: expect.stringContaining('oven'), quantity: 1, unitPrice: '35.00', amount: '35.00' },
      { description: expect.stringContaining('10%'), quantity: 1, unitPrice: '-30.00', amount: '-30.00' },
      { description: expect.stringContaining('WELCOME40'), quantity: 1, unitPrice: '-40.00', amount: '-40.00' },
    ]);
    // 335.00 − 70.00 = 265.00 taxed at 8.25 %: 21.8625, rounded half up to 21.86.
    expect(invoice).toMatchObject({
      subtotal: '335.00',
      discount: '70.00',
      tax: '21.86',
      taxRate: '8.25',
      total: '286.86',
      amountPaid: '0.00',
      balance: '286.86',
      payments: [],
    });
    // Open for 7 days after the visit.
    expect(Date.parse(invoice.dueAt)).toBe(
      Math.max(first.ends_at.getTime(), (reacting.app.clock.now as Date).getTime()) + 7 * DAY,
    );

    await reacting.app.settle();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]?.raw ?? '');
    expect(mail.subject).toBe(`Your invoice ${invoice.number} from Lone Star Shine Cleaning: $286.86`);
    const link = /https:\/\/shine\.example\.com\/i\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    expect(mail.text).toContain('Balance due');
    expect(mail.text).toContain('$286.86');
    expect(mail.text).toContain(`write the invoice number, ${invoice.number}`);

    const page = await supertest(reacting.app.app)
      .get(new URL(link as string).pathname)
      .expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain(`Invoice ${invoice.number}`);
    expect(page.text).toContain('$286.86');
    expect(page.text).toContain('How to pay');
    await supertest(reacting.app.app).get('/i/not-a-real-link').expect(404);
  });

  it('makes one invoice when the same visit is completed twice at once, by two processes, and again later', async () => {
    const { leadId, email, visits } = await booked();
    const [first, second] = visits;
    if (!first || !second) throw new Error('no visits');
    await reacting.app.settle();
    reacting.smtp.received.length = 0;
    reacting.app.clock.now = new Date(first.starts_at.getTime() + 3_600_000);
    const agent = await signIn(reacting.app.app);
    const pool = await openSecondPool(reacting.app.db);
    // A second process whose committed events reach an engine, as its own would (whichever process wins,
    // the invoice's e-mail goes out once).
    const other = await buildTestApp(pool.db, {
      env: ENV,
      onLeadEvent: (event) => reacting.app.engine.engine.handleLeadEvent(event),
    });
    other.clock.now = reacting.app.clock.now;
    try {
      const otherAgent = await signIn(other.app);
      const answers = await Promise.all([
        agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        otherAgent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
        otherAgent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await other.close();
      await pool.close();
    }
    await agent.patch(`/api/admin/visits/${first.id}`).send({ status: 'completed' }).expect(200);
    expect((await invoicesOfLead(agent, leadId)).total).toBe(1);
    await reacting.app.settle();
    expect(mailTo(email)).toHaveLength(1);

    // The second visit of the series: its own invoice, without WELCOME40 (335 − 30 = 305, tax 25.16).
    const later = await complete(second);
    const list = await invoicesOfLead(later, leadId);
    expect(list.total).toBe(2);
    const newest = await invoiceOf(later, list.items[0]?.id as string);
    expect(newest.visitId).toBe(second.id);
    expect(newest.lines.map((line) => line.amount)).toEqual(['300.00', '35.00', '-30.00']);
    expect(newest).toMatchObject({ subtotal: '335.00', discount: '30.00', tax: '25.16', total: '330.16' });
    expect(Number(newest.number.slice(4))).toBe(Number(list.items[1]?.number.slice(4)) + 1);
  });

  it('records cash and a check, refuses bad amounts without a change, e-mails each receipt, and takes a returned check back with its fee', async () => {
    const { leadId, email, visits } = await booked();
    const agent = await complete(visits[0] as { id: string; starts_at: Date });
    const id = (await invoicesOfLead(agent, leadId)).items[0]?.id as string;
    await reacting.app.settle();
    reacting.smtp.received.length = 0;

    const bad: unknown[] = [
      { method: 'cash', amount: '-5.00' },
      { method: 'cash', amount: 'ten' },
      { method: 'cash', amount: '10.999' },
      { method: 'cash', amount: 10.5 },
      { method: 'cash', amount: '0' },
      { method: 'cash' },
      { method: 'card', amount: '10.00' },
      { method: 'bitcoin', amount: '10.00' },
      { amount: '10.00' },
      { method: 'cash', amount: '286.87' },
    ];
    for (const body of bad) {
      const refused = await agent
        .post(`/api/admin/invoices/${id}/payments`)
        .send(body as object)
        .expect(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect(
      (await agent.post(`/api/admin/invoices/${id}/payments`).send({ method: 'cash', amount: '999' })).body.message,
    ).toBe('The amount is more than the balance of $286.86');
    expect(await invoiceOf(agent, id)).toMatchObject({ amountPaid: '0.00', balance: '286.86', payments: [] });

    const cash = paymentAnswerSchema.parse(
      (await agent.post(`/api/admin/invoices/${id}/payments`).send({ method: 'cash', amount: '100' }).expect(201)).body,
    ).payment;
    expect(cash).toMatchObject({ method: 'cash', amount: '100.00', status: 'succeeded', reference: null });
    expect(await invoiceOf(agent, id)).toMatchObject({ status: 'open', amountPaid: '100.00', balance: '186.86' });
    const check = paymentAnswerSchema.parse(
      (
        await agent
          .post(`/api/admin/invoices/${id}/payments`)
          .send({ method: 'check', amount: '186.86', reference: '1042' })
          .expect(201)
      ).body,
    ).payment;
    expect(await invoiceOf(agent, id)).toMatchObject({ status: 'paid', balance: '0.00', amountPaid: '286.86' });
    expect((await invoicesOfLead(agent, leadId, 'paid')).total).toBe(1);

    await reacting.app.settle();
    const receipts = await Promise.all(mailTo(email).map((mail) => simpleParser(mail.raw)));
    expect(receipts.map((mail) => mail.subject).sort()).toEqual([
      expect.stringMatching(/^Receipt: \$100\.00 received for invoice INV-\d{6}/),
      expect.stringMatching(/^Receipt: \$186\.86 received for invoice INV-\d{6}/),
    ]);
    const paidInFull = receipts.find((mail) => mail.subject?.includes('$186.86'));
    expect(paidInFull?.text).toContain('Payment: Check (check 1042)');
    expect(paidInFull?.text).toContain('paid in full');
    expect(paidInFull?.html).toContain('$186.86');

    await agent.post(`/api/admin/payments/${cash.id}/return`).expect(409);
    const returned = await agent.post(`/api/admin/payments/${check.id}/return`).expect(200);
    expect(paymentAnswerSchema.parse(returned.body).payment).toMatchObject({ id: check.id, status: 'returned' });
    await agent.post(`/api/admin/payments/${check.id}/return`).expect(409);
    const reopened = await invoiceOf(agent, id);
    expect(reopened).toMatchObject({
      status: 'open',
      total: '286.86',
      fees: '35.00',
      amountPaid: '100.00',
      balance: '221.86',
    });
    expect(reopened.lines.at(-1)).toEqual({
      description: 'Returned check fee (check 1042)',
      quantity: 1,
      unitPrice: '35.00',
      amount: '35.00',
    });
    await agent.post('/api/admin/payments/00000000-0000-4000-8000-000000000000/return').expect(404);
    await agent.get('/api/admin/invoices/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('is past due 7 days after the visit; the Dashboard counts what came in this month and what is owed', async () => {
    const { leadId, visits } = await booked();
    const first = visits[0] as { id: string; starts_at: Date };
    const agent = await complete(first);
    const id = (await invoicesOfLead(agent, leadId)).items[0]?.id as string;
    const { dueAt } = await invoiceOf(agent, id);
    await agent.post(`/api/admin/invoices/${id}/payments`).send({ method: 'cash', amount: '86.86' }).expect(201);

    reacting.app.clock.now = new Date(Date.parse(dueAt) - 60_000);
    const week = await signIn(reacting.app.app);
    expect((await invoicesOfLead(week, leadId, 'open')).total).toBe(1);
    expect((await invoicesOfLead(week, leadId, 'past_due')).total).toBe(0);
    reacting.app.clock.now = new Date(Date.parse(dueAt));
    expect((await invoicesOfLead(week, leadId, 'open')).total).toBe(0);
    const pastDue = await invoicesOfLead(week, leadId, 'past_due');
    expect(pastDue.items).toMatchObject([{ id, status: 'past_due', balance: '200.00' }]);
    expect((await invoiceOf(week, id)).status).toBe('past_due');

    reacting.app.clock.now = new Date(first.starts_at.getTime() + 2 * 3_600_000);
    const metrics = metricsSchema.parse((await agent.get('/api/admin/metrics').expect(200)).body);
    const paidAt = new Date(first.starts_at.getTime() + 3_600_000);
    const sameMonth =
      new Intl.DateTimeFormat('en-US', { month: 'numeric', timeZone: 'America/Chicago' }).format(paidAt) ===
      new Intl.DateTimeFormat('en-US', { month: 'numeric', timeZone: 'America/Chicago' }).format(
        reacting.app.clock.now,
      );
    expect(metrics).toMatchObject({ collectedThisMonth: sameMonth ? '86.86' : '0.00', outstanding: '200.00' });
    await agent.get('/api/admin/invoices?status=late').expect(400);
  });

  it('keeps the payment settings (defaults: 8.25 %, no cancellation fee, retries after 1, 3 and 5 days, no tips), audited', async () => {
    const agent = await signIn(reacting.app.app);
    expect((await agent.get('/api/admin/settings/payments').expect(200)).body).toEqual({
      taxRatePercent: '8.25',
      cancellationFee: null,
      retryDays: [1, 3, 5],
      tipsEnabled: false,
    });
    const saved = { taxRatePercent: '8', cancellationFee: '50.00', retryDays: [2, 4], tipsEnabled: true };
    expect((await agent.put('/api/admin/settings/payments').send(saved).expect(200)).body).toEqual(saved);
    expect((await agent.get('/api/admin/settings/payments').expect(200)).body).toEqual(saved);
    for (const body of [
      { ...saved, taxRatePercent: '101' },
      { ...saved, taxRatePercent: 8.25 },
      { ...saved, cancellationFee: '-1' },
      { ...saved, retryDays: [3, 1] },
      { ...saved, retryDays: [] },
      { ...saved, tipsEnabled: 'yes' },
    ]) {
      await agent.put('/api/admin/settings/payments').send(body).expect(400);
    }
    const audit = await reacting.app.db('audit_log').where({ entity: 'settings', entity_id: 'payments' });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ taxRatePercent: '8', cancellationFee: '50.00' });
  });
});
