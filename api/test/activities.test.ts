import { API_ERRORS, VALIDATION } from '@shine/shared/messages';
import { ACTIVITY_PAGE_SIZE } from '@shine/shared/activities';
import { activityListSchema } from '@shine/shared/responses/activities';
import { metricsSchema } from '@shine/shared/responses/reports';
import type { Activity } from '@shine/shared/types';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { SYSTEM_USER_NAME } from '../src/auth/system-user.service.ts';
import { type Agent, describeApi, insertLead, useTestApp, countRows, VALID_QUOTE } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeApi('activities', () => {
  const t = useTestApp();
  let agent: Agent;
  let leadId: string;

  beforeEach(async () => {
    agent = await t.agent();
    leadId = await insertLead(t.db);
  });

  const create = (body: object) => agent.post('/api/admin/activities').send(body);
  const lastContactedAt = async () => (await t.db('leads').where({ id: leadId }).first())?.last_contacted_at ?? null;

  it('creates a pending activity by default, authored by the signed-in user, title stored as subject', async () => {
    const response = await create({
      leadId,
      type: 'task',
      title: '  Send revised quote ',
      description: '',
      scheduledAt: '',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      leadId,
      userId: t.adminId,
      type: 'task',
      subject: 'Send revised quote',
      description: null,
      status: 'pending',
      scheduledAt: null,
      completedAt: null,
    });
    expect(await lastContactedAt()).toBeNull();
  });

  it('without a status, a call, e-mail or meeting logged now (or at a past time) is completed and counts as contact; one scheduled for later is pending', async () => {
    const HOUR = 3_600_000;
    const now = Date.now();
    for (const type of ['call', 'email', 'meeting']) {
      const made = await create({ leadId, type, title: `Logged ${type}` }).expect(201);
      expect(made.body).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    }
    const earlier = await create({
      leadId,
      type: 'call',
      title: 'This morning',
      scheduledAt: new Date(now - 2 * HOUR).toISOString(),
    });
    expect(earlier.body).toMatchObject({ status: 'completed' });
    expect(await lastContactedAt()).not.toBeNull();

    const other = await insertLead(t.db);
    const later = await agent
      .post('/api/admin/activities')
      .send({
        leadId: other,
        type: 'call',
        title: 'Call tomorrow',
        scheduledAt: new Date(now + 24 * HOUR).toISOString(),
      })
      .expect(201);
    expect(later.body).toMatchObject({ status: 'pending', completedAt: null });
    const lead = await t.db('leads').where({ id: other }).first();
    expect(lead?.last_contacted_at ?? null).toBeNull();
    // A note or a task still starts pending; a status given is kept.
    expect((await create({ leadId, type: 'note', title: 'A note' }).expect(201)).body.status).toBe('pending');
    expect((await create({ leadId, type: 'call', title: 'Missed', status: 'pending' }).expect(201)).body.status).toBe(
      'pending',
    );
  });

  it("a completed call sets completedAt and the lead's lastContactedAt, in the same moment", async () => {
    t.clock.now = new Date('2025-03-04T15:30:00.000Z');
    const response = await create({
      leadId,
      type: 'call',
      title: 'Intro call',
      description: 'Left a voicemail',
      status: 'completed',
      scheduledAt: '2025-03-04T15:00:00Z',
    });
    expect(response.status).toBe(201);
    const activity = response.body as Activity;
    expect(activity.completedAt).toBe('2025-03-04T15:30:00.000Z');
    expect(activity.scheduledAt).toBe('2025-03-04T15:00:00.000Z');
    expect((await lastContactedAt())?.toISOString()).toBe('2025-03-04T15:30:00.000Z');
  });

  it.each(['email', 'meeting'])('a completed %s also counts as contact', async (type) => {
    await create({ leadId, type, title: 'Contact', status: 'completed' });
    expect(await lastContactedAt()).not.toBeNull();
  });

  it.each([
    ['note', 'completed'],
    ['task', 'completed'],
    ['call', 'pending'],
    ['call', 'cancelled'],
  ])('a %s that is %s does not', async (type, status) => {
    const response = await create({ leadId, type, title: 'Not contact', status });
    expect(response.status).toBe(201);
    expect(response.body.completedAt).toEqual(status === 'completed' ? expect.any(String) : null);
    expect(await lastContactedAt()).toBeNull();
  });

  it('answers 404 for an unknown lead and stores nothing', async () => {
    const response = await create({ leadId: UNKNOWN_ID, type: 'call', title: 'Ghost', status: 'completed' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: API_ERRORS.leadNotFound });
    expect(await countRows(t.db, 'activities')).toBe(0);
  });

  it.each([
    [{ type: 'call', title: 'x' }, VALIDATION.leadId],
    [{ leadId: 'nope', type: 'call', title: 'x' }, VALIDATION.leadId],
    [{ type: 'fax', title: 'x' }, 'Type must be one of: call, email, meeting, note, task'],
    [{ type: 'call', title: '  ' }, VALIDATION.title],
    [{ type: 'call' }, VALIDATION.title],
    [{ type: 'call', title: 'x', status: 'done' }, 'Status must be one of: pending, completed, cancelled'],
    [{ type: 'call', title: 'x', scheduledAt: 'soon' }, 'Scheduled time must be a date and time'],
  ])('refuses %o → %s', async (body, message) => {
    const withLead = 'leadId' in body || message === VALIDATION.leadId ? body : { leadId, ...body };
    const response = await create(withLead);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it("lists a lead's activities newest first; 404 for an unknown lead", async () => {
    for (const title of ['second', 'first', 'third']) await create({ leadId, type: 'note', title });
    const other = await insertLead(t.db);
    await create({ leadId: other, type: 'note', title: 'elsewhere' });
    // created_at is the database's clock: make the order explicit.
    await t
      .db('activities')
      .where({ subject: 'first' })
      .update({ created_at: new Date('2025-01-01T10:00:00Z') });
    await t
      .db('activities')
      .where({ subject: 'second' })
      .update({ created_at: new Date('2025-01-01T11:00:00Z') });
    await t
      .db('activities')
      .where({ subject: 'third' })
      .update({ created_at: new Date('2025-01-01T12:00:00Z') });
    const response = await agent.get(`/api/admin/activities/lead/${leadId}`);
    expect(response.status).toBe(200);
    expect((response.body as Activity[]).map((a) => a.subject)).toEqual(['third', 'second', 'first']);
    expect((await agent.get(`/api/admin/activities/lead/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await agent.get('/api/admin/activities/lead/nope')).status).toBe(400);
    const empty = await agent.get(`/api/admin/activities/lead/${await insertLead(t.db)}`);
    expect(empty.body).toEqual([]);
  });

  it('summarises activities by type and status, every value present', async () => {
    await create({ leadId, type: 'call', title: 'a', status: 'completed' });
    await create({ leadId, type: 'call', title: 'b', status: 'pending' });
    await create({ leadId, type: 'email', title: 'c', status: 'cancelled' });
    const response = await agent.get('/api/admin/activities/summary');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total: 3,
      byType: { call: 2, email: 1, meeting: 0, note: 0, task: 0 },
      byStatus: { pending: 1, completed: 1, cancelled: 1 },
      automatic: 0,
    });
  });

  it('counts people’s activities; the product’s own timeline entries apart, in none of the figures', async () => {
    // A quote request and its repeat: the product writes its own notes on the lead's timeline.
    const requested = (await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    const timeline = (await agent.get(`/api/admin/activities/lead/${requested}`).expect(200)).body as Activity[];
    const automatic = timeline.filter((activity) => activity.author.name === SYSTEM_USER_NAME);
    expect(automatic.length).toBeGreaterThan(0);
    expect(automatic.every((activity) => activity.type === 'note' && activity.status === 'completed')).toBe(true);
    await create({ leadId, type: 'call', title: 'Called back', status: 'completed' });
    await create({ leadId: requested, type: 'note', title: 'Prefers mornings', status: 'completed' });

    const summary = (await agent.get('/api/admin/activities/summary').expect(200)).body;
    expect(summary).toEqual({
      total: 2,
      byType: { call: 1, email: 0, meeting: 0, note: 1, task: 0 },
      byStatus: { pending: 0, completed: 2, cancelled: 0 },
      automatic: automatic.length,
    });
  });

  it('deleting a lead deletes its activities (ON DELETE CASCADE)', async () => {
    await create({ leadId, type: 'note', title: 'x' });
    await t.db('leads').where({ id: leadId }).delete();
    expect(await countRows(t.db, 'activities')).toBe(0);
  });

  it('lists every lead’s pending activities, the Pending Tasks figure: same total, earliest due first, a page at a time', async () => {
    const other = await insertLead(t.db, { first_name: 'Pia', last_name: 'Pending', email: 'pia@example.com' });
    const hour = 3_600_000;
    const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
    await create({ leadId, type: 'task', title: 'Later', scheduledAt: at(48) });
    await create({ leadId: other, type: 'task', title: 'Overdue', scheduledAt: at(-2) });
    await create({ leadId: other, type: 'note', title: 'No due time' });
    await create({ leadId, type: 'meeting', title: 'Walkthrough', scheduledAt: at(24) });
    await create({ leadId, type: 'call', title: 'Called', status: 'completed' });
    for (let i = 0; i < ACTIVITY_PAGE_SIZE; i++)
      await create({ leadId, type: 'task', title: `Bulk ${i}`, scheduledAt: at(72 + i) });

    const first = activityListSchema.parse((await agent.get('/api/admin/activities').expect(200)).body);
    const metrics = metricsSchema.parse((await agent.get('/api/admin/metrics').expect(200)).body);
    expect(first.total).toBe(metrics.pendingTasks);
    expect(first.total).toBe(ACTIVITY_PAGE_SIZE + 4);
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.items.slice(0, 3).map((item) => [item.subject, item.leadName])).toEqual([
      ['Overdue', 'Pia Pending'],
      ['Walkthrough', 'Test Lead'],
      ['Later', 'Test Lead'],
    ]);
    expect(first.items.every((item) => item.status === 'pending')).toBe(true);
    const second = activityListSchema.parse(
      (await agent.get('/api/admin/activities?status=pending&page=2').expect(200)).body,
    );
    expect(second.items.map((item) => item.subject)).toEqual(['Bulk 22', 'Bulk 23', 'Bulk 24', 'No due time']);
    const done = activityListSchema.parse((await agent.get('/api/admin/activities?status=completed').expect(200)).body);
    expect(done.items.map((item) => item.subject)).toEqual(['Called']);

    for (const query of ['status=done', 'page=0', 'page=x']) {
      const refused = await agent.get(`/api/admin/activities?${query}`);
      expect(refused.status, query).toBe(400);
    }
  });
});
