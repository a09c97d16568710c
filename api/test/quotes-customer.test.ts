// Quotes, the customer's side: the page behind the link (noindex, no staff data, the total and the
// terms), its plain-HTML forms, the JSON answers, tokens (unknown 404, expired 410 on a pinned clock,
// replaced 410), idempotent answers, and what an answer does to the lead.
import { quoteAnswerSchema } from '@shine/shared/responses/quotes';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLeadThroughForm, sendNewQuote, tokenOf } from './support/quotes.ts';
import { countRows, describeApi, useTestApp } from './support/test-app.ts';

const SENT_AT = new Date('2025-12-01T15:00:00Z');
const UNKNOWN_TOKEN = 'A'.repeat(43);

describeApi('quotes: the customer’s page and answers', () => {
  const t = useTestApp();

  async function sentQuote(body: object = {}) {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    await agent.patch(`/api/admin/leads/${leadId}`).send({ notes: 'STAFF-ONLY: gate code 4411' }).expect(200);
    t.clock.now = SENT_AT;
    const sent = await sendNewQuote(agent, leadId, body);
    return { agent, leadId, sent, token: tokenOf(sent.url) };
  }

  it('shows the quote: noindex, never cached, the total, what is included and the terms, nothing of the staff', async () => {
    const { token } = await sentQuote({ message: 'Looking forward to it!' });
    const page = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(page.type).toBe('text/html');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain('Your cleaning quote, Ann');
    expect(page.text).toContain('$311.90');
    expect(page.text).toContain('Looking forward to it!');
    expect(page.text).toContain('What is included');
    expect(page.text).toContain('Tell us within 24 hours');
    expect(page.text).toContain('at least 24 hours’ notice');
    expect(page.text).toContain(`action="/q/${token}/accept"`);
    expect(page.text).toContain(`href="/q/${token}/pdf"`);
    for (const secret of ['STAFF-ONLY', 'Test Admin', 'admin@example.com', 'Quoted', 'ann.lee@example.com']) {
      expect(page.text, secret).not.toContain(secret);
    }
  });

  it('records the first opening on the timeline once, and every opening with its client', async () => {
    const { agent, leadId, token, sent } = await sentQuote();
    await supertest(t.app).get(`/q/${token}`).set('user-agent', 'TestBrowser/1.0').expect(200);
    await supertest(t.app).get(`/q/${token}`).expect(200);
    const events = await t.db('quote_events').where({ quote_id: sent.quote.id }).orderBy('at');
    expect(events.map((e) => [e.kind, e.user_agent])).toEqual([
      ['viewed', 'TestBrowser/1.0'],
      ['viewed', null],
    ]);
    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body;
    expect(timeline.filter((a: { subject: string }) => a.subject === 'Customer opened quote v1')).toHaveLength(1);
    const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body.items;
    expect(quote.viewedAt).toBe(SENT_AT.toISOString());
  });

  it('an unknown link is 404 everywhere, with a page offering a new quote', async () => {
    const page = await supertest(t.app).get(`/q/${UNKNOWN_TOKEN}`).expect(404);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('href="/quote"');
    await supertest(t.app).get('/q/not-even-a-token').expect(404);
    await supertest(t.app).get(`/q/${UNKNOWN_TOKEN}/pdf`).expect(404);
    await supertest(t.app).post(`/api/quotes/${UNKNOWN_TOKEN}/accept`).send({ name: 'Ann Lee' }).expect(404);
    await supertest(t.app).post(`/api/quotes/${UNKNOWN_TOKEN}/decline`).send({}).expect(404);
  });

  it('an expired quote is 410: the page says so and offers a new one; nothing can be answered', async () => {
    const { token, leadId, agent } = await sentQuote();
    t.clock.now = new Date(SENT_AT.getTime() + 14 * 86_400_000 + 1000);
    const page = await supertest(t.app).get(`/q/${token}`).expect(410);
    expect(page.text).toContain('This quote has expired');
    expect(page.text).toContain('href="/quote"');
    const refused = await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(410);
    expect(refused.body.message).toMatch(/expired/);
    expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Quoted');
    const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`)).body.items;
    expect(quote.status).toBe('expired');
  });

  it('a replaced version is 410 and says a newer one exists', async () => {
    const { agent, leadId, token } = await sentQuote();
    await sendNewQuote(agent, leadId);
    const page = await supertest(t.app).get(`/q/${token}`).expect(410);
    expect(page.text).toContain('This quote was updated');
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(410);
  });

  it('accepting: the lead is Won at the regular price per visit, on its timeline; accepting twice changes nothing', async () => {
    const { agent, leadId, token, sent } = await sentQuote();
    const body = { name: 'Ann Lee', note: 'Side gate' };
    const first = quoteAnswerSchema.parse(
      (await supertest(t.app).post(`/api/quotes/${token}/accept`).set('user-agent', 'Phone/2').send(body).expect(200))
        .body,
    );
    expect(first).toMatchObject({ status: 'accepted', version: 1, total: '311.90' });
    expect(first.bookingUrl).toContain('coupon=WELCOME40');

    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body;
    // Its value is the regular price of each visit ($351.90), not the first visit's with WELCOME40.
    expect(lead).toMatchObject({ status: 'Won', estimatedValue: 351.9 });
    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body;
    const accepted = timeline.find((a: { subject: string }) => a.subject === 'Quote v1 accepted: $311.90');
    expect(accepted.description).toContain('Signed “Ann Lee”');
    expect(accepted.description).not.toContain('Preferred');
    expect(accepted.description).toContain('Side gate');
    const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`)).body.items;
    expect(quote.acceptance).toEqual({ name: 'Ann Lee', preferredDates: [], note: 'Side gate' });

    const before = { activities: await countRows(t.db, 'activities'), audit: await countRows(t.db, 'audit_log') };
    t.clock.now = new Date(SENT_AT.getTime() + 3_600_000);
    const second = await supertest(t.app)
      .post(`/api/quotes/${token}/accept`)
      .send({ name: 'Someone Else' })
      .expect(200);
    expect(second.body).toEqual(first);
    expect({ activities: await countRows(t.db, 'activities'), audit: await countRows(t.db, 'audit_log') }).toEqual(
      before,
    );
    expect(await t.db('quote_events').where({ quote_id: sent.quote.id, kind: 'accepted' })).toHaveLength(1);
    // Answered: the page thanks them and offers the first cleaning's windows here, not the outside
    // booking site; the answer forms are gone.
    const page = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(page.text).toContain('you accepted this quote');
    expect(page.text).not.toContain('coupon=WELCOME40');
    expect(page.text).toContain(`action="/q/${token}/booking"`);
    expect(page.text).not.toContain(`action="/q/${token}/accept"`);
    expect(page.text).not.toContain(`action="/q/${token}/decline"`);
    const declined = await supertest(t.app).post(`/api/quotes/${token}/decline`).send({}).expect(409);
    expect(declined.body.message).toMatch(/already accepted/);
  });

  it('declining: the lead goes to Negotiating with the reason on its timeline; twice is the same answer', async () => {
    const { agent, leadId, token } = await sentQuote();
    const first = await supertest(t.app)
      .post(`/api/quotes/${token}/decline`)
      .send({ reason: 'Too pricey' })
      .expect(200);
    expect(first.body).toMatchObject({ status: 'declined', bookingUrl: null });
    expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Negotiating');
    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`)).body;
    expect(timeline.find((a: { subject: string }) => a.subject === 'Quote v1 declined').description).toBe(
      'Reason: Too pricey',
    );
    const again = await supertest(t.app).post(`/api/quotes/${token}/decline`).send({ reason: 'x' }).expect(200);
    expect(again.body).toEqual(first.body);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(409);
  });

  it('refuses a bad answer with the field named, and changes nothing', async () => {
    const { agent, leadId, token } = await sentQuote();
    for (const [body, message] of [
      [{}, 'Your name must be text'],
      [{ name: ' ' }, 'Type your full name to accept'],
      // Preferred dates are asked no more: the booking step offers real windows.
      [{ name: 'Ann Lee', preferredDates: [{ date: '2025-12-08', window: 'morning' }] }, 'preferredDates'],
    ] as const) {
      const response = await supertest(t.app).post(`/api/quotes/${token}/accept`).send(body).expect(400);
      expect(response.body.message).toContain(message);
    }
    expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Quoted');
  });

  describe('the page’s forms, without JavaScript', () => {
    it('accept asks once for a time: no preferred dates on the form; after accepting, the real windows to pick', async () => {
      const { agent, leadId, token } = await sentQuote();
      const open = await supertest(t.app).get(`/q/${token}`).expect(200);
      expect(open.text).toContain(`action="/q/${token}/accept"`);
      expect(open.text).not.toMatch(/name="(date|window)\d"/);
      expect(open.text).not.toContain('Preferred dates');
      const posted = await supertest(t.app)
        .post(`/q/${token}/accept`)
        .type('form')
        .send({ name: 'Ann Lee', note: '' })
        .expect(303);
      expect(posted.headers.location).toBe(`/q/${token}`);
      expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Won');
      const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`)).body.items;
      expect(quote.acceptance).toEqual({ name: 'Ann Lee', preferredDates: [], note: null });
      const page = await supertest(t.app).get(`/q/${token}`).expect(200);
      expect(page.text).toContain('Book your first cleaning');
      expect(page.text).toMatch(/<input type="radio" name="start" value="[^"]+" required>/);
    });

    it('a page loaded before the preferred dates left still accepts: their fields are dropped', async () => {
      const { agent, leadId, token } = await sentQuote();
      await supertest(t.app)
        .post(`/q/${token}/accept`)
        .type('form')
        .send({ name: 'Ann Lee', date1: '2025-12-09', window1: 'afternoon', date2: '', window2: 'any', note: '' })
        .expect(303);
      const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`)).body.items;
      expect(quote.acceptance).toEqual({ name: 'Ann Lee', preferredDates: [], note: null });
    });

    it('a quote accepted with preferred dates before they left still reads them', async () => {
      const { agent, leadId, token, sent } = await sentQuote();
      await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
      const stored = [{ date: '2025-12-09', window: 'afternoon' }];
      await t
        .db('quotes')
        .where({ id: sent.quote.id })
        .update({ preferred_dates: t.db.raw('?::jsonb', [JSON.stringify(stored)]) });
      const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body.items;
      expect(quote.acceptance).toEqual({ name: 'Ann Lee', preferredDates: stored, note: null });
      await supertest(t.app).get(`/q/${token}`).expect(200);
    });

    it('a form with problems comes back (400) with the message beside its field and the values kept', async () => {
      const { agent, leadId, token } = await sentQuote();
      const page = await supertest(t.app)
        .post(`/q/${token}/accept`)
        .type('form')
        .send({ name: 'A', note: 'keep me' })
        .expect(400);
      expect(page.text).toContain('id="name-error"');
      expect(page.text).toContain('Type your full name to accept');
      expect(page.text).toContain('keep me');
      expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Quoted');
    });

    it('decline: a form post answers 303 and the lead goes to Negotiating', async () => {
      const { agent, leadId, token } = await sentQuote();
      await supertest(t.app).post(`/q/${token}/decline`).type('form').send({ reason: 'Moving away' }).expect(303);
      expect((await agent.get(`/api/admin/leads/${leadId}`)).body.status).toBe('Negotiating');
      const page = await supertest(t.app).get(`/q/${token}`).expect(200);
      expect(page.text).toContain('You declined this quote');
    });

    it('the PDF link answers the PDF', async () => {
      const { token } = await sentQuote();
      const pdf = await supertest(t.app).get(`/q/${token}/pdf`).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
    });
  });
});

describeApi('quotes: links are rate limited', () => {
  const t = useTestApp({ env: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '2' } });

  it('per client address, whatever the token: the page and the JSON calls share the count', async () => {
    await supertest(t.app).get(`/q/${UNKNOWN_TOKEN}`).expect(404);
    await supertest(t.app).post(`/api/quotes/${UNKNOWN_TOKEN}/accept`).send({ name: 'Ann Lee' }).expect(404);
    const page = await supertest(t.app)
      .get(`/q/${'B'.repeat(43)}`)
      .expect(429);
    expect(page.type).toBe('text/html');
    expect(page.headers['retry-after']).toBeDefined();
    const json = await supertest(t.app).post(`/api/quotes/${UNKNOWN_TOKEN}/decline`).send({}).expect(429);
    expect(json.body.message).toMatch(/Too many requests/);
  });
});
