// No transport configured: messages are not lost and not pretended sent. They wait in the outbox
// with the reason, the run says so, and the lead's timeline shows a message that was not sent.
import type { AutomationRun, OutboxMessage } from '@shine/shared/automation-rules';
import type { Activity, Template } from '@shine/shared/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createLeadEventsRelay,
  dropQueueSchema,
  startTestEngine,
  type TestEngine,
  waitFor,
} from './support/automation-engine.ts';
import { describeApi, useTestApp, VALID_QUOTE } from './support/test-app.ts';

describeApi('automation outbox without a transport', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent });
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine(t.db);
    relay.connect(engine.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await engine?.stop();
    await dropQueueSchema(t.db);
  });

  it('keeps e-mail and SMS in the outbox marked "not sent: no transport configured"', async () => {
    const agent = await t.agent();
    for (const [type, body] of [
      ['email', { subject: 'Hi {{firstName}}', content: 'Welcome {{firstName}}' }],
      ['sms', { content: 'Text for {{firstName}}' }],
    ] as const) {
      const template = (
        await agent
          .post('/api/admin/templates')
          .send({ name: type, type, ...body })
          .expect(201)
      ).body as Template;
      await agent
        .post('/api/admin/automations')
        .send({
          name: `Send ${type}`,
          trigger: 'lead_created',
          actions: JSON.stringify({ type: type === 'email' ? 'send_email' : 'send_sms', templateId: template.id }),
        })
        .expect(201);
    }
    const leadId = (
      await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, smsConsent: true })
        .expect(201)
    ).body.id as string;

    const runs = await waitFor(async () => {
      const list = (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
      return list.length === 2 && list.every((run) => run.status === 'succeeded') && list;
    });
    expect(runs.map((run) => run.outcome).sort()).toEqual([
      'E-mail to ann.lee@example.com not sent: no transport configured',
      'SMS to 214-555-0100 not sent: no transport configured',
    ]);
    const outbox = (await agent.get('/api/admin/outbox').expect(200)).body as OutboxMessage[];
    expect(outbox).toHaveLength(2);
    for (const message of outbox) {
      expect(message).toMatchObject({
        leadId,
        leadName: 'Ann Lee',
        status: 'not_sent',
        reason: 'not sent: no transport configured',
      });
    }
    expect(outbox.find((message) => message.channel === 'email')).toMatchObject({
      subject: 'Hi Ann',
      // The outbox keeps what was (or would have been) sent: the template and the compliance footer.
      body: expect.stringMatching(
        /^Welcome Ann\n\n--\n.+\nUnsubscribe from these e-mails: https:\/\/shine\.example\/u\//,
      ),
    });
    expect((await agent.get('/api/admin/outbox?status=sent').expect(200)).body).toEqual([]);
    const activities = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
    expect(activities.map((activity) => [activity.type, activity.status, activity.subject]).sort()).toEqual([
      ['email', 'cancelled', 'E-mail not sent: Hi Ann'],
      ['note', 'cancelled', 'SMS not sent: SMS "sms"'],
    ]);
  });

  it('refuses an unknown outbox filter', async () => {
    const response = await (await t.agent()).get('/api/admin/outbox?status=everything').expect(400);
    expect(response.body.message).toBe('Status must be one of: unsent, held, failed, sent, all');
  });
});
