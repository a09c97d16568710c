import { API_ERRORS } from '@shine/shared/messages';
import type { Lead, LeadPage } from '@shine/shared/types';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeApi('the CRM lead table: GET /api/admin/leads', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));
    await insertLead(t.db, {
      first_name: 'Mary',
      last_name: 'Smith',
      email: 'mary@example.com',
      phone: '214-555-0101',
      status: 'New',
      priority: 'High',
      created_at: day(1),
      estimated_value: '300.00',
    });
    await insertLead(t.db, {
      first_name: 'John',
      last_name: 'Goldsmith',
      email: 'JOHN@EXAMPLE.NET',
      phone: '469-555-0102',
      status: 'Won',
      priority: 'Low',
      created_at: day(2),
      estimated_value: null,
    });
    await insertLead(t.db, {
      first_name: 'Ana',
      last_name: 'Garcia',
      email: 'ana_g@example.org',
      phone: '(817) 555-0103',
      status: 'Contacted',
      priority: 'Medium',
      created_at: day(3),
      estimated_value: '120.50',
    });
    await insertLead(t.db, {
      first_name: 'Zoe',
      last_name: '100% Clean',
      email: 'zoe@example.com',
      phone: '972-555-0104',
      status: 'Lost',
      priority: 'High',
      created_at: day(4),
      estimated_value: '999.99',
    });
  });

  const list = async (query = '') => {
    const response = await agent.get(`/api/admin/leads${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as LeadPage;
  };
  const names = (page: LeadPage) => page.items.map((lead) => lead.firstName);

  it('pages newest first by default', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(names(page)).toEqual(['Zoe', 'Ana', 'John', 'Mary']);
    expect(page.items[0]?.estimatedValue).toBe(999.99);
    const second = await list('?page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(second)).toEqual(['Mary']);
  });

  it("answers each lead with the list's fields only, each as the lead's own answer has it", async () => {
    // Timestamps with microseconds (cut to milliseconds either way), absent and present values, an
    // assignee and a repeat: every field of the list's shape against GET /api/admin/leads/{id}.
    await insertLead(t.db, {
      first_name: 'Full',
      email: 'full@example.com',
      created_at: '2025-02-03 04:05:06.789999+00',
      last_request_at: '2025-02-04 10:00:00.000500-06',
      next_follow_up_at: '2026-12-31 23:59:59.999999+00',
      last_repeat_at: '2025-02-04 10:00:00.0005-06',
      repeat_count: 2,
      first_contacted_at: '2025-02-03 05:00:00+00',
      contact_due_at: '2025-02-03 04:20:06.789+00',
      assigned_to: t.adminId,
      estimated_value: '0.50',
      notes: 'not in the list',
      tags: ['vip'],
    });
    const page = await list('?pageSize=100');
    expect(page.items).toHaveLength(5);
    for (const item of page.items) {
      const whole = (await agent.get(`/api/admin/leads/${item.id}`).expect(200)).body as Lead;
      const listed = Object.fromEntries(Object.keys(item).map((key) => [key, whole[key as keyof Lead]]));
      expect(item, item.firstName).toEqual(listed);
      expect(Object.keys(item)).not.toContain('notes');
      expect(Object.keys(item)).not.toContain('estimate');
    }
    expect(page.items.find((item) => item.firstName === 'Full')).toMatchObject({
      createdAt: '2025-02-03T04:05:06.789Z',
      lastRequestAt: '2025-02-04T16:00:00.000Z',
      nextFollowUpAt: '2026-12-31T23:59:59.999Z',
      repeatCount: 2,
      estimatedValue: 0.5,
      assignee: { id: t.adminId },
    });
  });

  it('searches full name and e-mail case-insensitively, phone as a substring', async () => {
    expect(names(await list('?search=smith'))).toEqual(['John', 'Mary']);
    expect(names(await list('?search=MARY%20SM'))).toEqual(['Mary']);
    expect(names(await list('?search=john@example'))).toEqual(['John']);
    expect(names(await list('?search=555-0103'))).toEqual(['Ana']);
    expect(names(await list('?search=(817)'))).toEqual(['Ana']);
    expect((await list('?search=nobody')).total).toBe(0);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect(names(await list('?search=100%25'))).toEqual(['Zoe']);
    expect(names(await list('?search=ana_g'))).toEqual(['Ana']);
    expect((await list('?search=%25')).total).toBe(1);
    expect((await list('?search=_')).total).toBe(1);
  });

  it('filters by status and priority ("all" and "" mean no filter)', async () => {
    expect(names(await list('?status=Won'))).toEqual(['John']);
    expect(names(await list('?priority=High'))).toEqual(['Zoe', 'Mary']);
    expect(names(await list('?priority=High&status=New&search=mary'))).toEqual(['Mary']);
    expect((await list('?status=all&priority=')).total).toBe(4);
  });

  it('sorts by names, pipeline status, priority and value (absent value as 250)', async () => {
    expect(names(await list('?sort=firstName&order=asc'))).toEqual(['Ana', 'John', 'Mary', 'Zoe']);
    expect(names(await list('?sort=status&order=asc'))).toEqual(['Mary', 'Ana', 'John', 'Zoe']);
    const byPriority = names(await list('?sort=priority&order=asc'));
    expect(byPriority.slice(0, 2).sort()).toEqual(['Mary', 'Zoe']);
    expect(byPriority.slice(2)).toEqual(['Ana', 'John']);
    expect(names(await list('?sort=estimatedValue&order=desc'))).toEqual(['Zoe', 'Mary', 'John', 'Ana']);
  });

  it.each([
    ['?page=0', 'Page must be at least 1'],
    ['?page=1.5', 'Page must be a whole number'],
    ['?pageSize=201', 'Page size must be at most 200'],
    [
      '?sort=email',
      'Sort must be one of: lastRequestAt, createdAt, updatedAt, firstName, lastName, status, priority, estimatedValue, nextFollowUpAt',
    ],
    ['?order=up', 'Order must be asc or desc'],
    ['?status=Pending', 'Status must be one of: New, Contacted, Qualified, Quoted, Negotiating, Won, Lost'],
    ['?priority=Urgent', 'Priority must be one of: High, Medium, Low'],
    [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
  ])('refuses %s with its message', async (query, message) => {
    const response = await agent.get(`/api/admin/leads${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers If-None-Match with 304 until a lead changes', async () => {
    const first = await agent.get('/api/admin/leads');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"leads-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await agent.get('/api/admin/leads').set('if-none-match', etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // Another query string is another resource with its own tag.
    expect((await agent.get('/api/admin/leads?status=Won').set('if-none-match', etag)).status).toBe(200);
    await supertest(t.app).post('/api/leads').send({
      firstName: 'New',
      lastName: 'Comer',
      email: 'new@example.com',
      phone: '214-555-0000',
      zipcode: '75201',
      bedrooms: '1',
      bathrooms: '1',
      cleaningType: 'Basic',
      frequency: 'Weekly',
    });
    const changed = await agent.get('/api/admin/leads').set('if-none-match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as LeadPage).total).toBe(5);
  });
});

describeApi('one lead: GET, PATCH and PATCH status', () => {
  const t = useTestApp();
  let agent: Agent;
  let id: string;

  beforeEach(async () => {
    agent = await t.agent();
    id = await insertLead(t.db, { updated_at: new Date('2025-01-01T00:00:00Z') });
  });

  it('GET /:id answers the lead, 404 for an unknown id and 400 for a malformed one', async () => {
    const response = await agent.get(`/api/admin/leads/${id}`);
    expect(response.status).toBe(200);
    expect((response.body as Lead).id).toBe(id);
    const unknown = await agent.get(`/api/admin/leads/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: API_ERRORS.leadNotFound });
    const malformed = await agent.get('/api/admin/leads/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Must be a valid id');
  });

  it('PATCH /:id/status sets any status and returns the lead', async () => {
    for (const status of ['Won', 'New', 'Lost'] as const) {
      const response = await agent.patch(`/api/admin/leads/${id}/status`).send({ status });
      expect(response.status).toBe(200);
      expect((response.body as Lead).status).toBe(status);
    }
    const stored = await t.db('leads').where({ id }).first();
    expect(stored?.status).toBe('Lost');
    expect(stored?.updated_at.getTime()).toBeGreaterThan(Date.parse('2025-01-01T00:00:00Z'));
  });

  it('PATCH /:id/status validates and answers 404 for an unknown lead', async () => {
    const bad = await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Done' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: New, Contacted, Qualified, Quoted, Negotiating, Won, Lost');
    const missing = await agent.patch(`/api/admin/leads/${UNKNOWN_ID}/status`).send({ status: 'Won' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: API_ERRORS.leadNotFound });
  });

  it('PATCH /:id updates the drawer fields', async () => {
    const response = await agent.patch(`/api/admin/leads/${id}`).send({
      priority: 'High',
      nextFollowUpAt: '2025-02-01T15:00:00.000Z',
      estimatedValue: 349.5,
      tags: ['pets', 'vip', 'pets'],
      notes: ' Gate code 1234 ',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      priority: 'High',
      nextFollowUpAt: '2025-02-01T15:00:00.000Z',
      estimatedValue: 349.5,
      tags: ['pets', 'vip'],
      notes: 'Gate code 1234',
    });
    const cleared = await agent.patch(`/api/admin/leads/${id}`).send({ nextFollowUpAt: null, estimatedValue: null });
    expect(cleared.body).toMatchObject({ nextFollowUpAt: null, estimatedValue: null, priority: 'High' });
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ priority: 'Urgent' }, 'Priority must be one of: High, Medium, Low'],
    [{ estimatedValue: -1 }, 'Estimated value cannot be negative'],
    [{ estimatedValue: 1.234 }, 'Estimated value has at most 2 decimals'],
    [{ nextFollowUpAt: 'tomorrow' }, 'Must be a date and time'],
    [{ tags: [''] }, 'Tags cannot be empty'],
  ])('PATCH /:id refuses %o → %s', async (body, message) => {
    const response = await agent.patch(`/api/admin/leads/${id}`).send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('PATCH /:id answers 404 for an unknown lead', async () => {
    const response = await agent.patch(`/api/admin/leads/${UNKNOWN_ID}`).send({ priority: 'Low' });
    expect(response.status).toBe(404);
  });
});

describeApi('lead events for automations', () => {
  const events: string[] = [];
  const t = useTestApp({
    onLeadEvent: ({ id, leadId, trigger }) =>
      events.push(
        `${trigger === 'lead_created' ? 'created' : trigger === 'status_changed' ? 'status' : trigger} ${leadId} ${id}`,
      ),
  });
  beforeEach(() => {
    events.length = 0;
  });
  const outbox = () =>
    t.db('lead_events').orderBy('occurred_at').select('id', 'lead_id', 'trigger', 'from_status', 'to_status');

  it('writes a created lead and a status change to the outbox with the change, and reports each after the commit', async () => {
    const created = await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    expect(created.status).toBe(201);
    const [createdEvent] = await outbox();
    expect(createdEvent).toMatchObject({ lead_id: created.body.id, trigger: 'lead_created', from_status: null });
    expect(events).toEqual([`created ${created.body.id} ${createdEvent?.id}`]);

    const agent = await t.agent();
    await agent.patch(`/api/admin/leads/${created.body.id}/status`).send({ status: 'Quoted' }).expect(200);
    const changeEvent = (await outbox())[1];
    expect(changeEvent).toMatchObject({
      lead_id: created.body.id,
      trigger: 'status_changed',
      from_status: 'New',
      to_status: 'Quoted',
    });
    expect(events.at(-1)).toBe(`status ${created.body.id} ${changeEvent?.id}`);
  });

  it('records and reports nothing for a status set to what it already is, a refused write or a honeypot quote', async () => {
    const id = await insertLead(t.db, { status: 'Won' });
    const agent = await t.agent();
    await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Won' }).expect(200);
    await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Maybe' }).expect(400);
    await supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, website: 'http://spam.example' })
      .expect(201);
    expect(events).toEqual([]);
    expect(await outbox()).toEqual([]);

    // A repeat is no new lead: its event is repeat_request (for the assignee's alert), not lead_created.
    await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    expect(events.map((event) => event.split(' ')[0])).toEqual(['created', 'repeat_request']);
    const written = await outbox();
    expect(written.map((event) => event.trigger)).toEqual(['lead_created', 'repeat_request']);
    const stored = await t.db('lead_events').where({ id: written[1]?.id }).first('request_id');
    const requests = await t.db('lead_requests').where({ lead_id: written[1]?.lead_id }).pluck('id');
    expect(requests).toHaveLength(2);
    expect(requests).toContain(stored?.request_id);
  });
});
