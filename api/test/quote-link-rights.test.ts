// A quote link's rights end where the business says: WELCOME40 prices a customer's first cleaning once,
// a One Time quote is used up by its visit, staff withdraw a quote and cancel a booking by its id, a
// Lost lead's links book and reopen nothing, a newer version retires every older one (two accepted
// versions racing on PostgreSQL: the older never books), and a customer who cancelled books again
// while the offer stands.
import { BOOKING_MESSAGES, bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import { quoteSchema } from '@shine/shared/responses/quotes';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { addStaff, STAFF_PASSWORD } from './support/team.ts';
import { type Agent, describeApi, driver, signIn, useTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };
const PHONE = DEFAULT_COMPANY.phone;

let people = 0;

describeApi('quote link rights', () => {
  const t = useTestApp({ env: ENV });
  let sales: Agent;
  let salesId: string;

  beforeAll(async () => {
    await t.db('users').whereILike('username', '%@rights.example').delete();
    salesId = await addStaff(t.db, { email: 'rep@rights.example', role: 'sales' });
    sales = await signIn(t.app, { username: 'rep@rights.example', password: STAFF_PASSWORD });
  });

  async function acceptedQuote(overrides: Record<string, string> = {}, accept = true) {
    people++;
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app, {
      email: `rights${people}@example.com`,
      phone: `469-555-${String(1000 + people)}`,
      ...overrides,
    });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    if (accept) await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    return { agent, leadId, token, quote: sent.quote };
  }

  async function firstSlot(token: string): Promise<string> {
    const list = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const slot = list.slots[0];
    if (!slot) throw new Error('no free window');
    return slot.start;
  }

  async function book(token: string) {
    const answer = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: await firstSlot(token) })
      .expect(201);
    return bookingAnswerSchema.parse(answer.body).booking;
  }

  it('prices WELCOME40 once per customer: a booking after a completed visit has the regular first price', async () => {
    t.clock.now = new Date();
    const { token, quote } = await acceptedQuote({ cleaningType: 'Basic', frequency: 'Weekly' });
    const regular = quote.recurring?.perVisitTotal;
    expect(quote.welcomeDiscount).toBe(true);
    expect(regular).not.toBe(quote.total);
    const first = await book(token);
    expect(first.firstVisitTotal).toBe(quote.total);
    const visit = first.visits[0];
    if (!visit) throw new Error('no visit');
    // The first cleaning happens; a day later the customer cancels the rest and books again.
    t.clock.now = new Date(Date.parse(visit.start) + HOUR);
    await (await t.agent()).patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    t.clock.now = new Date(Date.parse(visit.start) + DAY);
    await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(200);
    const again = await book(token);
    expect(again.id).not.toBe(first.id);
    expect(again.firstVisitTotal).toBe(regular);
    expect(again.perVisitTotal).toBe(regular);
  });

  it('lets a customer who cancelled before any visit book again on the same link, still with the promotion', async () => {
    t.clock.now = new Date();
    const { token, quote } = await acceptedQuote({ frequency: 'One Time' });
    await book(token);
    await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(200);
    const again = await book(token);
    expect(again.status).toBe('active');
    expect(again.firstVisitTotal).toBe(quote.total);
  });

  it('uses up a One Time quote with its visit: begun or completed, the link changes, cancels and books nothing (409) and the page says so', async () => {
    t.clock.now = new Date();
    const { token } = await acceptedQuote({ frequency: 'One Time' });
    const booking = await book(token);
    const visit = booking.visits[0];
    if (!visit) throw new Error('no visit');

    // The crew has arrived: the visit has begun.
    t.clock.now = new Date(Date.parse(visit.start) + 30 * 60_000);
    const later = new Date(Date.parse(visit.start) + 3 * DAY).toISOString();
    const moved = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: later }).expect(409);
    expect(moved.body.message).toBe(BOOKING_MESSAGES.oneTimeDone(PHONE));
    expect((await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(409)).body.message).toBe(
      BOOKING_MESSAGES.oneTimeDone(PHONE),
    );

    await (await t.agent()).patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
    t.clock.now = new Date(Date.parse(visit.start) + 2 * DAY);
    await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(409);
    const rebook = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: later })
      .expect(409);
    expect(rebook.body.message).toContain(PHONE);
    expect(await t.db('bookings').where({ quote_id: booking.quoteId }).count({ n: '*' }).first()).toEqual({
      n: driver === 'postgres' ? '1' : 1,
    });

    const page = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(page.text).toContain('Your cleaning took place');
    expect(page.text).not.toContain('Change the time');
    expect(page.text).not.toContain('Cancel my cleaning');
    expect(page.text).not.toContain('Book this time');
    const posted = await supertest(t.app).post(`/q/${token}/booking/cancel`).type('form').send({}).expect(409);
    expect(posted.text).toContain('Your one-time cleaning has taken place');
  });

  it('withdraws a quote: admins and the lead’s assignee only, audited; the link then says so, with the phone, and books nothing', async () => {
    t.clock.now = new Date();
    const { agent, leadId, token, quote } = await acceptedQuote();
    const refused = await sales.post(`/api/admin/quotes/${quote.id}/withdraw`).expect(403);
    expect(refused.body.message).toBe(API_ERRORS.quoteWithdrawForbidden);

    const withdrawn = quoteSchema.parse((await agent.post(`/api/admin/quotes/${quote.id}/withdraw`).expect(200)).body);
    expect(withdrawn.status).toBe('withdrawn');
    await agent.post(`/api/admin/quotes/${quote.id}/withdraw`).expect(409);
    const audit = await t.db('audit_log').where({ lead_id: leadId, action: 'quote_withdrawn' });
    expect(audit).toHaveLength(1);

    const message = API_ERRORS.quoteLinkWithdrawn(PHONE);
    expect(message).toMatch(/^This quote was withdrawn; call us/);
    expect((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(410)).body.message).toBe(message);
    const start = new Date(Date.now() + 8 * DAY).toISOString();
    await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start }).expect(410);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(410);
    const page = await supertest(t.app).get(`/q/${token}`).expect(410);
    expect(page.text).toContain('This quote was withdrawn; call us');
    expect(page.text).toContain(PHONE);
    expect(await t.db('bookings').where({ lead_id: leadId })).toHaveLength(0);

    // The assignee may withdraw their lead's quote; a sent, unanswered one can be withdrawn too.
    const other = await acceptedQuote({}, false);
    await agent.patch(`/api/admin/leads/${other.leadId}`).send({ assignedTo: salesId }).expect(200);
    await sales.post(`/api/admin/quotes/${other.quote.id}/withdraw`).expect(200);
    await supertest(t.app).post(`/api/quotes/${other.token}/accept`).send({ name: 'Ann Lee' }).expect(410);
    const draft = await agent.post(`/api/admin/leads/${other.leadId}/quotes`).send({}).expect(201);
    await agent.post(`/api/admin/quotes/${draft.body.id}/withdraw`).expect(409);
  });

  it('never lets a Lost lead’s link book or reopen it: booking and accepting answer 410, the lead stays Lost with its reason', async () => {
    t.clock.now = new Date();
    const { agent, leadId, token } = await acceptedQuote();
    const booking = await book(token);
    await agent.delete(`/api/admin/bookings/${booking.id}`).expect(200);
    await agent
      .patch(`/api/admin/leads/${leadId}/status`)
      .send({ status: 'Lost', lostReason: 'Outside service area' })
      .expect(200);
    const start = new Date(Date.now() + 8 * DAY).toISOString();
    const refused = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start })
      .expect(410);
    expect(refused.body.message).toBe(API_ERRORS.quoteLinkClosed(PHONE));
    await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(410);
    expect((await supertest(t.app).get(`/q/${token}`).expect(410)).text).toContain('This offer is closed');

    // Closed straight after sending: accepting or declining reopens nothing either.
    const fresh = await acceptedQuote({}, false);
    await agent
      .patch(`/api/admin/leads/${fresh.leadId}/status`)
      .send({ status: 'Lost', lostReason: 'Price' })
      .expect(200);
    await supertest(t.app).post(`/api/quotes/${fresh.token}/accept`).send({ name: 'Ann Lee' }).expect(410);
    await supertest(t.app).post(`/api/quotes/${fresh.token}/decline`).send({}).expect(410);

    for (const [id, reason] of [
      [leadId, 'Outside service area'],
      [fresh.leadId, 'Price'],
    ] as const) {
      const lead = (await agent.get(`/api/admin/leads/${id}`).expect(200)).body;
      expect(lead.status).toBe('Lost');
      expect(lead.lostReason).toBe(reason);
    }
    expect(await t.db('bookings').where({ lead_id: leadId, status: 'active' })).toHaveLength(0);
  });

  it('cancels a booking by its id (staff): 404 for none, 409 when already cancelled', async () => {
    t.clock.now = new Date();
    const { agent, token } = await acceptedQuote();
    const booking = await book(token);
    const answer = await agent.delete(`/api/admin/bookings/${booking.id}`).expect(200);
    const cancelled = bookingAnswerSchema.parse(answer.body).booking;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.visits.every((visit) => visit.status === 'cancelled')).toBe(true);
    expect((await agent.delete(`/api/admin/bookings/${booking.id}`).expect(409)).body.message).toBe(
      BOOKING_MESSAGES.bookingAlreadyCancelled,
    );
    await agent.delete(`/api/admin/bookings/${crypto.randomUUID()}`).expect(404);
    // The customer may book again on the same link while the offer stands.
    expect((await book(token)).status).toBe('active');
  });

  it('retires every older version when a newer one is sent, accepted or not: the older link books nothing', async () => {
    t.clock.now = new Date();
    const { agent, leadId, token } = await acceptedQuote();
    const v2 = await sendNewQuote(agent, leadId, { message: 'A better price' });
    const start = new Date(Date.now() + 8 * DAY).toISOString();
    const refused = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start })
      .expect(410);
    expect(refused.body.message).toBe(API_ERRORS.quoteLinkSuperseded);
    const v2Token = tokenOf(v2.url);
    await supertest(t.app).post(`/api/quotes/${v2Token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    await book(v2Token);
    const statuses = await t.db('quotes').where({ lead_id: leadId }).orderBy('version').pluck('status');
    expect(statuses).toEqual(['superseded', 'accepted']);
  });

  if (driver === 'postgres') {
    it('never lets an older accepted version book once a newer one is sent, however the requests race (PostgreSQL)', async () => {
      t.clock.now = new Date();
      for (let round = 0; round < 4; round++) {
        const { agent, leadId, token } = await acceptedQuote();
        const start = await firstSlot(token);
        const draft = await agent.post(`/api/admin/leads/${leadId}/quotes`).send({}).expect(201);
        const [sent, booked] = await Promise.all([
          agent.post(`/api/admin/quotes/${draft.body.id}/send`).send({ email: false }),
          supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start }),
        ]);
        expect(sent.status).toBe(200);
        expect([201, 410]).toContain(booked.status);
        const v2Token = tokenOf(sent.body.url);
        await supertest(t.app).post(`/api/quotes/${v2Token}/accept`).send({ name: 'Ann Lee' }).expect(200);
        // Both links at once: only the newest version can book. The window is the newer link's first
        // free one: the earlier rounds' bookings (and this round's, when the older link won the race)
        // may have taken any fixed time.
        const later = await firstSlot(v2Token);
        const [older, newer] = await Promise.all([
          supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: later }),
          supertest(t.app).post(`/api/quotes/${v2Token}/booking`).send({ address: TEST_ADDRESS, start: later }),
        ]);
        expect(older.status).toBe(410);
        expect(newer.status === 201 || booked.status === 201, JSON.stringify(newer.body)).toBe(true);
        const accepted = await t.db('quotes').where({ lead_id: leadId, status: 'accepted' }).pluck('version');
        expect(accepted).toEqual([2]);
        const fromOlder = await t.db('bookings').where({ lead_id: leadId }).whereNot({ quote_id: sent.body.quote.id });
        expect(fromOlder.length).toBe(booked.status === 201 ? 1 : 0);
      }
      // The database itself refuses a second accepted version of one lead.
      const { leadId } = await acceptedQuote();
      const agent = await t.agent();
      const v2 = await sendNewQuote(agent, leadId);
      await expect(t.db('quotes').where({ id: v2.quote.id }).update({ status: 'accepted' })).resolves.toBe(1);
      await expect(
        t.db('quotes').where({ lead_id: leadId }).whereNot({ id: v2.quote.id }).update({ status: 'accepted' }),
      ).rejects.toThrow(/quotes_one_accepted_per_lead/);
    });
  }
});

describeApi('quote link rights: the cancellation e-mail', () => {
  const reacting = useReactingApp({ env: ENV });

  it('e-mails the customer the cancellation of a booking cancelled by its id, with the calendar file removing its visits', async () => {
    reacting.app.clock.now = new Date();
    const agent = await signIn(reacting.app.app);
    const leadId = await createLeadThroughForm(reacting.app.app, { email: 'gone@example.com', phone: '214-555-3900' });
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);
    await supertest(reacting.app.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse(
      (await supertest(reacting.app.app).get(`/api/quotes/${token}/slots`).expect(200)).body,
    );
    const booked = await supertest(reacting.app.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slots.slots[0]?.start })
      .expect(201);
    const { booking } = bookingAnswerSchema.parse(booked.body);
    await reacting.app.settle();
    const before = reacting.smtp.received.length;
    await agent.delete(`/api/admin/bookings/${booking.id}`).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(before + 1);
    const mail = await simpleParser(reacting.smtp.received[before]?.raw ?? '');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('gone@example.com');
    const file = mail.attachments.find((attachment) => attachment.filename === 'cancelled-cleaning.ics');
    const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(booking.visits.length);
  });
});
