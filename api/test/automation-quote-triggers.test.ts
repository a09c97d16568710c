// The quote triggers. quote_viewed, quote_accepted and quote_declined are lead events written
// with the customer's step (the outbox), each once per quote; quote_not_answered is the scan's: N days
// after sending with no answer, once per sent version, and never once the quote is answered, replaced
// or expired.
import type { AutomationPreview, AutomationRun } from '@shine/shared/automation-rules';
import type { Automation } from '@shine/shared/types';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  startTestEngine,
  type TestEngine,
  waitFor,
} from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, useTestApp } from './support/test-app.ts';

const DAY = 86_400_000;

describeApi('automation triggers of quotes', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent });
  let agent: Agent;
  let engine: TestEngine;

  beforeAll(async () => {
    engine = await startTestEngine(t.db, { now: () => t.clock.now ?? new Date() });
    relay.connect(engine.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await engine?.stop();
    await dropQueueSchema(t.db);
  });
  beforeEach(async () => {
    agent = await t.agent();
  });

  const createTaskRule = async (trigger: string, title: string, conditions: object = {}) => {
    const response = await agent.post('/api/admin/automations').send({
      name: title,
      trigger,
      conditions: JSON.stringify(conditions),
      actions: JSON.stringify({ type: 'create_task', title, dueInHours: 1 }),
    });
    expect(response.status, response.text).toBe(201);
    return response.body as Automation;
  };
  const runsOfLead = async (leadId: string) =>
    (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
  const settledRuns = (leadId: string, count: number) =>
    waitFor(async () => {
      const runs = await runsOfLead(leadId);
      return runs.length === count && runs.every((run) => ['succeeded', 'failed'].includes(run.status)) && runs;
    });
  const tasksOf = async (leadId: string) =>
    (
      (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Array<{
        type: string;
        subject: string;
      }>
    )
      .filter((activity) => activity.type === 'task')
      .map((activity) => activity.subject)
      .sort();

  it('quote_viewed fires once on the first opening; quote_accepted once however often the customer accepts', async () => {
    const viewed = await createTaskRule('quote_viewed', 'Call while they look');
    const accepted = await createTaskRule('quote_accepted', 'Book the first cleaning');
    const declined = await createTaskRule('quote_declined', 'Ask what went wrong');
    const leadId = await createLeadThroughForm(t.app);
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);

    await supertest(t.app).get(`/q/${token}`).expect(200);
    await supertest(t.app).get(`/q/${token}`).expect(200);
    await settledRuns(leadId, 1);
    for (let i = 0; i < 2; i += 1) {
      await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    }
    const runs = await settledRuns(leadId, 2);
    await drainEngines(engine.engine);
    expect(await runsOfLead(leadId)).toHaveLength(2);
    expect(runs.map((run) => [run.trigger, run.automationId]).sort()).toEqual(
      [
        ['quote_accepted', accepted.id],
        ['quote_viewed', viewed.id],
      ].sort(),
    );
    expect(runs.some((run) => run.automationId === declined.id)).toBe(false);
    expect(await tasksOf(leadId)).toEqual(['Book the first cleaning', 'Call while they look']);
  });

  it('quote_declined fires with the decline; its conditions look at the lead (now Negotiating)', async () => {
    await createTaskRule('quote_declined', 'Ask what went wrong', { status: 'Negotiating' });
    await createTaskRule('quote_declined', 'Never: the lead is not Won', { status: 'Won' });
    const leadId = await createLeadThroughForm(t.app);
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);

    await supertest(t.app).post(`/api/quotes/${token}/decline`).send({ reason: 'Too dear' }).expect(200);
    const [run] = await settledRuns(leadId, 1);
    expect(run?.trigger).toBe('quote_declined');
    await drainEngines(engine.engine);
    expect(await tasksOf(leadId)).toEqual(['Ask what went wrong']);
  });

  it('quote_not_answered: N days after sending, once per sent version; a new version is chased anew', async () => {
    const start = new Date('2025-06-02T15:00:00Z');
    t.clock.now = start;
    const rule = await createTaskRule('quote_not_answered', 'Chase the quote', { days: 2 });
    const leadId = await createLeadThroughForm(t.app);
    await sendNewQuote(agent, leadId);

    t.clock.now = new Date(start.getTime() + 2 * DAY - 60_000);
    expect(await engine.engine.scanTimeTriggers()).toBe(0);
    t.clock.now = new Date(start.getTime() + 2 * DAY);
    const preview = (
      await agent
        .post('/api/admin/automations/preview')
        .send({
          id: rule.id,
          name: 'Chase',
          trigger: 'quote_not_answered',
          conditions: JSON.stringify({ days: 2 }),
          actions: JSON.stringify({ type: 'create_task', title: 'Chase the quote', dueInHours: 1 }),
        })
        .expect(200)
    ).body as AutomationPreview;
    expect(preview.total).toBe(1);
    expect(preview.leads.map((lead) => lead.id)).toEqual([leadId]);
    expect(await engine.engine.scanTimeTriggers()).toBe(1);
    expect(await engine.engine.scanTimeTriggers()).toBe(0);
    await settledRuns(leadId, 1);

    // Version 2 replaces version 1: its own two days, its own chase.
    await sendNewQuote(agent, leadId);
    t.clock.now = new Date(start.getTime() + 3 * DAY);
    expect(await engine.engine.scanTimeTriggers()).toBe(0);
    t.clock.now = new Date(start.getTime() + 4 * DAY + 60_000);
    expect(await engine.engine.scanTimeTriggers()).toBe(1);
    await settledRuns(leadId, 2);
    expect(await tasksOf(leadId)).toEqual(['Chase the quote', 'Chase the quote']);
  });

  it('quote_not_answered stops once the customer answers, or the quote has expired', async () => {
    const start = new Date('2025-06-02T15:00:00Z');
    t.clock.now = start;
    await createTaskRule('quote_not_answered', 'Chase the quote', { days: 3 });
    const answered = await createLeadThroughForm(t.app);
    const token = tokenOf((await sendNewQuote(agent, answered)).url);
    const expired = await createLeadThroughForm(t.app, { email: 'bob@example.com', phone: '214-555-0777' });
    await sendNewQuote(agent, expired, { validDays: 3 });
    const waiting = await createLeadThroughForm(t.app, { email: 'cy@example.com', phone: '214-555-0778' });
    await sendNewQuote(agent, waiting);

    t.clock.now = new Date(start.getTime() + DAY);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    t.clock.now = new Date(start.getTime() + 3 * DAY + 60_000);
    expect(await engine.engine.scanTimeTriggers()).toBe(1);
    await settledRuns(waiting, 1);
    await drainEngines(engine.engine);
    expect(await runsOfLead(answered)).toEqual([]);
    expect(await runsOfLead(expired)).toEqual([]);
  });

  it('refuses an unknown trigger with the list of the quote triggers', async () => {
    const response = await agent.post('/api/admin/automations').send({
      name: 'Bad',
      trigger: 'quote_opened',
      actions: JSON.stringify({ type: 'create_task', title: 'x', dueInHours: 1 }),
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('quote_not_answered');
  });
});
