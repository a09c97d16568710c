// Lead intake (issue 7): the estimate recomputed on the server, attribution, repeat-request merging,
// the spam rules and their count, speed-to-lead.
import { zonedTimeToInstant } from '@shine/shared/business-time';
import { API_ERRORS } from '@shine/shared/messages';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { countRows, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

/** A wall-clock time in the business zone (America/Chicago by default). */
const chicago = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(zonedTimeToInstant('America/Chicago', y, m, d, h) + min * 60_000);

describeApi('lead intake: estimate and attribution', () => {
  const t = useTestApp();
  const post = (body: object) => supertest(t.app).post('/api/leads').send(body);

  it('recomputes the estimate on the server, stores its midpoint as the value and the breakdown on the lead', async () => {
    // Deep 349 + 1 extra bedroom 45 + 1 extra half bathroom 20 = 414; biweekly −15% (62) = 352; ±10% → $315–$385
    const response = await post({ ...VALID_QUOTE, estimatedValue: 9, estimate: { kind: 'estimate', low: 1 } });
    expect(response.status).toBe(201);
    expect(response.body.estimatedValue).toBe(350);
    expect(response.body.estimate).toEqual({
      kind: 'estimate',
      low: 315,
      high: 385,
      midpoint: 350,
      firstVisitLow: 275,
      firstVisitHigh: 345,
      breakdown: {
        base: 349,
        bedroomsAdded: 45,
        bathroomsAdded: 20,
        subtotal: 414,
        discountPercent: 15,
        discount: 62,
        perVisit: 352,
      },
    });
    const stored = await t.db('leads').where({ id: response.body.id }).first();
    expect(stored?.estimated_value).toBe('350.00');
    expect(stored?.estimate_breakdown).toMatchObject({ midpoint: 350 });

    const stats = await (await t.agent()).get('/api/admin/stats');
    expect(stats.body.potentialRevenue).toBe(350);
  });

  it('leaves the value empty when the table asks for a walkthrough', async () => {
    const response = await post({ ...VALID_QUOTE, cleaningType: 'Move In/Out', bedrooms: '5+' });
    expect(response.body.estimatedValue).toBeNull();
    expect(response.body.estimate).toMatchObject({ kind: 'walkthrough' });
  });

  it('stores the visit attribution and takes the campaign source as the lead source', async () => {
    const response = await post({
      ...VALID_QUOTE,
      attribution: {
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'spring-deep-clean',
        referrerHost: 'www.google.com',
        landingPage: '/services',
      },
    });
    expect(response.body).toMatchObject({
      source: 'google',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring-deep-clean',
      referrerHost: 'www.google.com',
      landingPage: '/services',
    });
    const other = await post({ ...VALID_QUOTE, email: 'b@example.com', phone: '817-555-0177', attribution: {} });
    expect(other.body).toMatchObject({ source: 'Website Form', utmSource: null, landingPage: null });

    const stats = await (await t.agent()).get('/api/admin/stats');
    expect(stats.body.bySource).toEqual({ google: 1, 'Website Form': 1 });
  });

  it('refuses attribution that is not an object of texts, and stores nothing', async () => {
    const response = await post({ ...VALID_QUOTE, attribution: { utmSource: 42 } });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('attribution.utmSource');
    expect(await countRows(t.db, 'leads')).toBe(0);
  });
});

describeApi('lead intake: repeat requests', () => {
  const created: string[] = [];
  const t = useTestApp({ leadEvents: { leadCreated: (id) => created.push(id), statusChanged: () => {} } });
  const post = (body: object) => supertest(t.app).post('/api/leads').send(body);
  beforeEach(() => {
    created.length = 0;
  });

  it('merges a repeat by e-mail (any case) into the open lead: details updated, request noted, flagged', async () => {
    const first = await post(VALID_QUOTE);
    const again = await post({
      ...VALID_QUOTE,
      email: 'ANN.LEE@Example.com',
      bedrooms: '4',
      notes: 'Also the garage, please.',
      attribution: { utmSource: 'facebook' },
    });
    expect(again.status).toBe(201);
    // The visitor's answer looks like any other, and shows nothing of the existing lead.
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body).toMatchObject({
      firstName: 'Ann',
      bedrooms: '4',
      repeatCount: 0,
      notes: 'Also the garage, please.',
    });

    expect(await countRows(t.db, 'leads')).toBe(1);
    expect(created).toEqual([first.body.id]);
    const agent = await t.agent();
    const lead = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    expect(lead).toMatchObject({
      email: 'ANN.LEE@Example.com',
      bedrooms: '4',
      notes: 'Two dogs, friendly.', // staff-facing notes are kept; the new ones are in the activity
      source: 'Website Form', // first touch
      repeatCount: 1,
      status: 'New',
    });
    expect(lead.lastRepeatAt).not.toBeNull();
    // Re-estimated: 4 bedrooms instead of 2 (+2 × 45 before the discount)
    expect(lead.estimatedValue).toBeGreaterThan(first.body.estimatedValue);
    expect(lead.estimatedValue).toBe(lead.estimate.midpoint);

    const activities = (await agent.get(`/api/admin/activities/lead/${first.body.id}`)).body;
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ type: 'note', subject: 'Repeat request', status: 'completed' });
    expect(activities[0].description).toContain('matched on e-mail');
    expect(activities[0].description).toContain('Home: 4 bedrooms, 1.5 bathrooms');
    expect(activities[0].description).toContain('Notes: Also the garage, please.');
    expect(activities[0].description).toContain('utm_source=facebook');
    expect(activities[0].description).toContain('Updated on the lead: e-mail, bedrooms');
    // The system's note is not a staff contact.
    expect(lead.firstContactedAt).toBeNull();
  });

  it('merges a repeat by phone digits, however the number is written', async () => {
    const first = await post(VALID_QUOTE); // 214-555-0100
    await post({ ...VALID_QUOTE, email: 'ann@work.example', phone: '(214) 555 0100' });
    expect(await countRows(t.db, 'leads')).toBe(1);
    const lead = (await (await t.agent()).get(`/api/admin/leads/${first.body.id}`)).body;
    expect(lead).toMatchObject({ email: 'ann@work.example', phone: '(214) 555 0100', repeatCount: 1 });
    expect(created).toHaveLength(1);
  });

  it('keeps a value staff have changed', async () => {
    const first = await post(VALID_QUOTE);
    const agent = await t.agent();
    await agent.patch(`/api/admin/leads/${first.body.id}`).send({ estimatedValue: 500 }).expect(200);
    await post({ ...VALID_QUOTE, bedrooms: '4' });
    const lead = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    expect(lead.estimatedValue).toBe(500);
    expect(lead.estimate.midpoint).not.toBe(500);
  });

  it.each(['Won', 'Lost'])('makes a new lead linked to a %s one', async (status) => {
    const old = await insertLead(t.db, { email: VALID_QUOTE.email, phone: '972-555-0999', status });
    const response = await post(VALID_QUOTE);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect(created).toEqual([response.body.id]);
    // The answer does not reveal the old lead; the CRM does.
    expect(response.body.previousLeadId).toBeNull();
    const lead = (await (await t.agent()).get(`/api/admin/leads/${response.body.id}`)).body;
    expect(lead).toMatchObject({ previousLeadId: old, repeatCount: 0 });
  });

  it('prefers an open lead to a closed one of the same person', async () => {
    await insertLead(t.db, { email: VALID_QUOTE.email, status: 'Won' });
    const open = await insertLead(t.db, { phone: VALID_QUOTE.phone, status: 'Quoted' });
    await post(VALID_QUOTE);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect((await t.db('leads').where({ id: open }).first())?.repeat_count).toBe(1);
  });

  it('does not match phones with too few digits to be a number', async () => {
    await post({ ...VALID_QUOTE, phone: '12-34-5' });
    await post({ ...VALID_QUOTE, email: 'other@example.com', phone: '12345' });
    expect(await countRows(t.db, 'leads')).toBe(2);
  });

  it('makes one lead when the same request arrives twice at once', async () => {
    await Promise.all([post(VALID_QUOTE), post(VALID_QUOTE), post(VALID_QUOTE)]);
    expect(await countRows(t.db, 'leads')).toBe(1);
    expect((await t.db('leads').first())?.repeat_count).toBe(2);
  });
});

describeApi('lead intake: spam rules', () => {
  const created: string[] = [];
  const t = useTestApp({
    env: { RATE_LIMIT_LEADS_PER_MINUTE: '5' },
    leadEvents: { leadCreated: (id) => created.push(id), statusChanged: () => {} },
  });
  const post = (body: object) => supertest(t.app).post('/api/leads').send(body);
  beforeEach(() => {
    created.length = 0;
  });

  const intake = async () => (await (await t.agent()).get('/api/admin/intake')).body;

  it.each([
    ['honeypot', { website: 'http://spam.example' }],
    ['too_fast', { elapsedMs: 900 }],
    ['machine_content', { firstName: '<a href="http://x.example">cheap</a>' }],
    ['machine_content', { notes: 'http://a.example http://b.example https://c.example' }],
  ])('answers %s like a person (201, a lead-shaped body), stores nothing and counts it', async (rule, change) => {
    const response = await post({ ...VALID_QUOTE, ...change });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ lastName: 'Lee', status: 'New', estimatedValue: 350, repeatCount: 0 });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countRows(t.db, 'leads')).toBe(0);
    expect(await countRows(t.db, 'activities')).toBe(0);
    expect(created).toEqual([]);
    const report = await intake();
    expect(report.rejections.byRule[rule]).toBe(1);
    expect(report.rejections.total).toBe(1);
  });

  it('accepts a person who took long enough, and API clients that send no fill time', async () => {
    expect((await post({ ...VALID_QUOTE, elapsedMs: 3_000 })).status).toBe(201);
    expect((await post({ ...VALID_QUOTE, email: 'x@example.com', phone: '469-555-0142' })).status).toBe(201);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect((await intake()).rejections.total).toBe(0);
  });

  it('refuses a fill time that is not a number of milliseconds', async () => {
    const response = await post({ ...VALID_QUOTE, elapsedMs: -5 });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('elapsedMs must be a number of milliseconds');
  });

  it('counts quotes refused by the rate limit, which answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++) await post({ ...VALID_QUOTE, email: `p${i}@example.com`, phone: `214-555-02${i}0` });
    const limited = await post({ ...VALID_QUOTE, email: 'late@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: API_ERRORS.rateLimited });
    expect((await intake()).rejections.byRule.rate_limited).toBe(1);
  });
});

describeApi('lead intake: speed-to-lead', () => {
  const t = useTestApp();
  const quote = (email: string, phone: string, source?: string) =>
    supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, email, phone, ...(source ? { attribution: { utmSource: source } } : {}) });
  const activity = async (leadId: string, title = 'Called') =>
    (await t.agent())
      .post('/api/admin/activities')
      .send({ leadId, type: 'call', title, status: 'completed' })
      .expect(201);

  it('counts business minutes across a weekend, from the lead to its first staff activity only', async () => {
    t.clock.now = chicago(2026, 11, 20, 17, 50); // Friday 5:50 PM
    const lead = (await quote('weekend@example.com', '214-555-0300')).body;
    // Due 15 business minutes later: 10 on Friday, 5 when Saturday opens at 9
    expect(lead.contactDueAt).toBe(chicago(2026, 11, 21, 9, 5).toISOString());
    expect(lead.speedToLeadMinutes).toBeNull();

    t.clock.now = chicago(2026, 11, 23, 8, 10); // Monday 8:10 AM
    await activity(lead.id);
    const agent = await t.agent();
    const contacted = (await agent.get(`/api/admin/leads/${lead.id}`)).body;
    // 10 (Fri 5:50–6) + 420 (Sat 9–4) + 0 (Sun) + 10 (Mon 8–8:10)
    expect(contacted.speedToLeadMinutes).toBe(440);
    expect(contacted.firstContactedAt).toBe(chicago(2026, 11, 23, 8, 10).toISOString());

    t.clock.now = chicago(2026, 11, 23, 11);
    await activity(lead.id, 'Called again');
    expect((await agent.get(`/api/admin/leads/${lead.id}`)).body.speedToLeadMinutes).toBe(440);
  });

  it('reports the median of the last 30 days by source, and the leads still waiting', async () => {
    t.clock.now = chicago(2026, 11, 18, 9); // Wednesday 9 AM
    const a = (await quote('a@example.com', '214-555-0401', 'google')).body;
    const b = (await quote('b@example.com', '214-555-0402', 'google')).body;
    const c = (await quote('c@example.com', '214-555-0403')).body;
    await quote('d@example.com', '214-555-0404'); // never contacted
    t.clock.now = chicago(2026, 11, 18, 9, 10);
    await activity(a.id);
    t.clock.now = chicago(2026, 11, 18, 9, 30);
    await activity(b.id);
    t.clock.now = chicago(2026, 11, 18, 10);
    await activity(c.id);
    // An old lead outside the window does not count.
    await insertLead(t.db, {
      created_at: chicago(2026, 9, 1, 9),
      first_contacted_at: chicago(2026, 9, 1, 12),
      speed_to_lead_minutes: 180,
    });

    t.clock.now = chicago(2026, 11, 18, 9, 14);
    const early = (await (await t.agent()).get('/api/admin/intake')).body;
    expect(early.awaitingContact).toBe(0); // b and d are due at 9:15
    t.clock.now = chicago(2026, 11, 18, 10, 30);
    const report = (await (await t.agent()).get('/api/admin/intake')).body;
    expect(report.speedToLead).toEqual({
      source: 'All sources',
      medianMinutes: 30, // of 10, 30, 60
      contacted: 3,
      bySource: [
        { source: 'google', medianMinutes: 20, contacted: 2 },
        { source: 'Website Form', medianMinutes: 60, contacted: 1 },
      ],
    });
    expect(report.awaitingContact).toBe(1); // d
    expect(report.windowDays).toBe(30);
  });

  it('stops flagging a lead once it is Won or Lost', async () => {
    t.clock.now = chicago(2026, 11, 18, 9);
    const lead = (await quote('e@example.com', '214-555-0405')).body;
    t.clock.now = chicago(2026, 11, 18, 12);
    const agent = await t.agent();
    expect((await agent.get('/api/admin/intake')).body.awaitingContact).toBe(1);
    await agent.patch(`/api/admin/leads/${lead.id}/status`).send({ status: 'Lost' }).expect(200);
    expect((await agent.get('/api/admin/intake')).body.awaitingContact).toBe(0);
  });
});
