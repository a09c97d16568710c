// Two API processes on one database: two engines (each with its own pool on PostgreSQL, and its own
// pg-boss instance) work the same queue. Every event and every due follow-up is delivered once,
// even when both processes report the same lead and scan at the same time.
import type { AutomationRun, OutboxMessage } from '@shine/shared/automation-rules';
import type { Template } from '@shine/shared/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  openSecondPool,
  startSmtpServer,
  startTestEngine,
  type TestEngine,
  type TestSmtpServer,
} from './support/automation-engine.ts';
import { type Agent, countRows, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

describeApi('automations exactly once with two processes', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent });
  let smtp: TestSmtpServer;
  let first: TestEngine;
  let second: TestEngine;
  let secondPool: Awaited<ReturnType<typeof openSecondPool>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    secondPool = await openSecondPool(t.db);
    const env = { SMTP_URL: smtp.url };
    [first, second] = await Promise.all([startTestEngine(t.db, { env }), startTestEngine(secondPool.db, { env })]);
    relay.connect(first.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await Promise.all([first?.stop(), second?.stop()]);
    await secondPool?.close();
    await dropQueueSchema(t.db);
    await smtp?.close();
  });

  it('delivers one e-mail per new lead and per due follow-up, whoever reports or scans', async () => {
    const agent: Agent = await t.agent();
    const template = (
      await agent
        .post('/api/admin/templates')
        .send({ name: 'Welcome', type: 'email', subject: 'Hello {{firstName}}', content: 'Hi {{firstName}}' })
        .expect(201)
    ).body as Template;
    const actions = JSON.stringify({ type: 'send_email', templateId: template.id });
    for (const trigger of ['lead_created', 'follow_up_due']) {
      await agent.post('/api/admin/automations').send({ name: trigger, trigger, actions }).expect(201);
    }

    const leadIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, firstName: `Lead${i}`, email: `lead${i}@example.com`, phone: `214-555-01${i}0` })
        .expect(201);
      leadIds.push(response.body.id as string);
      // The second process hears of the same lead too (a duplicate report must not send twice).
      const event = (await t.db('lead_events').where({ lead_id: response.body.id }).first('id')) as { id: string };
      second.engine.handleLeadEvent({ id: event.id, leadId: response.body.id as string, trigger: 'lead_created' });
    }
    const due = await insertLead(t.db, {
      first_name: 'Due',
      email: 'due@example.com',
      next_follow_up_at: new Date(Date.now() - 60_000),
    });
    // Its creation is in the outbox, but nobody reported it (as if its process died after the commit).
    await t.db('lead_events').insert({ lead_id: due, trigger: 'lead_created' });
    // Both processes scan twice, at once, racing the events: the follow-up is due, and `due` was
    // never reported, so its welcome is owed too.
    await Promise.all([
      first.engine.scanTimeTriggers(),
      second.engine.scanTimeTriggers(),
      first.engine.scanTimeTriggers(),
      second.engine.scanTimeTriggers(),
    ]);
    const expected = 6; // a welcome for each of the five leads, and one follow-up
    // Whatever either process would still do is done before anything is counted.
    await drainEngines(first.engine, second.engine);
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(
      ['due@example.com', 'due@example.com', ...leadIds.map((_, i) => `lead${i}@example.com`)].sort(),
    );

    const runs = await t.db('automation_runs').select('status', 'attempts');
    expect(runs).toHaveLength(expected);
    expect(
      runs.every((run: Pick<AutomationRun, 'status' | 'attempts'>) => run.status === 'succeeded' && run.attempts === 1),
    ).toBe(true);
    const sent = (await agent.get('/api/admin/outbox?status=sent').expect(200)).body as OutboxMessage[];
    expect(sent).toHaveLength(expected);
    expect(await countRows(t.db, 'activities')).toBe(expected);
  });
});
