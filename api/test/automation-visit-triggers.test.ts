// The scheduling triggers. visit_booked and visit_completed are lead events written with the booking
// and with the visit's completion (the outbox); visit_upcoming is the scan's: from 24 hours before a
// scheduled visit, once per visit, never for a cancelled one. What a rule then sends goes through the
// delivery layer, which checks consent and opt-outs for every automated message.
import type { AutomationRun } from '@shine/shared/automation-rules';
import { slotListSchema } from '@shine/shared/bookings';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  startTestEngine,
  type TestEngine,
  waitFor,
} from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
let people = 0;

describeApi('automation triggers of scheduling', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent, env: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' } });
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

  /** A lead that accepted its quote and booked the first free window (a week ahead: a deep cleaning). */
  async function bookedLead(frequency = 'One Time') {
    people++;
    const agent = await signIn(t.app);
    const leadId = await createLeadThroughForm(t.app, {
      email: `visits${people}@example.com`,
      phone: `214-555-${String(4000 + people)}`,
      frequency,
    });
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const start = slots.slots[0]?.start ?? '';
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start })
      .expect(201);
    return { agent, leadId, token, start: Date.parse(start), visitId: booked.body.booking.visits[0].id as string };
  }

  const createTaskRule = async (trigger: string, title: string) => {
    const agent = await signIn(t.app);
    const response = await agent.post('/api/admin/automations').send({
      name: title,
      trigger,
      conditions: '{}',
      actions: JSON.stringify({ type: 'create_task', title, dueInHours: 1 }),
    });
    expect(response.status, response.text).toBe(201);
  };
  const runsOf = (leadId: string) =>
    t.db('automation_runs').where({ lead_id: leadId }).select('trigger', 'status', 'occurrence_key') as Promise<
      Array<Pick<AutomationRun, 'trigger' | 'status'> & { occurrence_key: string }>
    >;
  const settled = (leadId: string, count: number) =>
    waitFor(async () => {
      const runs = await runsOf(leadId);
      return runs.length === count && runs.every((run) => ['succeeded', 'failed'].includes(run.status)) && runs;
    });

  it('visit_booked fires with the booking, visit_completed when staff mark the visit completed, each once', async () => {
    t.clock.now = new Date();
    await createTaskRule('visit_booked', 'Welcome call');
    await createTaskRule('visit_completed', 'Ask for a review');
    const { agent, leadId, visitId } = await bookedLead();
    const [booked] = await settled(leadId, 1);
    expect(booked?.trigger).toBe('visit_booked');
    // The visit lies ahead: staff confirm it happened early (once it is completed, that is no change).
    await agent.patch(`/api/admin/visits/${visitId}`).send({ status: 'completed', confirmEarly: true }).expect(200);
    await agent.patch(`/api/admin/visits/${visitId}`).send({ status: 'completed' }).expect(200);
    const runs = await settled(leadId, 2);
    await drainEngines(engine.engine);
    expect(runs.map((run) => run.trigger).sort()).toEqual(['visit_booked', 'visit_completed']);
    const tasks = await t.db('activities').where({ lead_id: leadId, type: 'task' }).pluck('subject');
    expect(tasks.sort()).toEqual(['Ask for a review', 'Welcome call']);
  });

  it('visit_upcoming: from 24 hours before the visit, once per visit; a cancelled visit is not reminded', async () => {
    t.clock.now = new Date();
    await createTaskRule('visit_upcoming', 'Day-before reminder');
    const reminded = await bookedLead();
    const cancelled = await bookedLead();
    await cancelled.agent.patch(`/api/admin/visits/${cancelled.visitId}`).send({ status: 'cancelled' }).expect(200);

    t.clock.now = new Date(reminded.start - 25 * HOUR);
    expect(await engine.engine.scanTimeTriggers()).toBe(0);
    t.clock.now = new Date(reminded.start - 23 * HOUR);
    expect(await engine.engine.scanTimeTriggers()).toBe(1);
    expect(await engine.engine.scanTimeTriggers()).toBe(0);
    const [run] = await settled(reminded.leadId, 1);
    expect(run).toMatchObject({ trigger: 'visit_upcoming', occurrence_key: `visit:${reminded.visitId}` });
    expect(await runsOf(cancelled.leadId)).toEqual([]);
  });
});
