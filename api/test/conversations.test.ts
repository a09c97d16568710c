// A lead's conversation store: an inbound message is stored once per channel and provider
// id, lands on the lead's timeline, is heard on the live stream, and ends the lead's no_activity chase.
import type { AutomationPreview } from '@shine/shared/automation-rules';
import type { Activity } from '@shine/shared/types';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InboundMessage, recordInboundMessage } from '../src/conversations/conversations.service.ts';
import { type LiveClient, listenOn, openLive } from './support/live-client.ts';
import { ADMIN, countRows, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const DAY = 86_400_000;

describeApi('conversations: inbound messages', () => {
  const t = useTestApp();
  const inbound = (leadId: string, overrides: Partial<InboundMessage> = {}): InboundMessage => ({
    leadId,
    channel: 'sms',
    body: 'Yes, Tuesday works for us.',
    subject: null,
    from: '+12145550199',
    externalId: 'SM0123456789abcdef0123456789abcdef',
    receivedAt: new Date('2026-01-05T15:00:00Z'),
    ...overrides,
  });

  it('stores a message once per channel and provider id, and writes the timeline once', async () => {
    const leadId = await insertLead(t.db);
    const first = await recordInboundMessage(t.db, inbound(leadId), 'America/Chicago');
    expect(first.duplicate).toBe(false);
    const again = await recordInboundMessage(t.db, inbound(leadId, { body: 'a retried webhook' }), 'America/Chicago');
    expect(again).toEqual({ id: first.id, duplicate: true });
    // The same id on the other channel is another message.
    const email = await recordInboundMessage(
      t.db,
      inbound(leadId, { channel: 'email', from: 'test.lead@example.com', subject: 'Re: Your quote' }),
      'America/Chicago',
    );
    expect(email.duplicate).toBe(false);
    expect(await countRows(t.db, 'conversation_messages')).toBe(2);
    const stored = await t.db('conversation_messages').where({ id: first.id }).first();
    expect(stored).toMatchObject({ direction: 'in', status: 'received', body: 'Yes, Tuesday works for us.' });

    const agent = await t.agent();
    const activities = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
    expect(activities.map((a) => a.subject).sort()).toEqual([
      'E-mail from the customer: Re: Your quote',
      'Text from the customer (+12145550199)',
    ]);
  });

  it('stores one of several concurrent deliveries of the same message', async () => {
    const leadId = await insertLead(t.db);
    const results = await Promise.all(
      [1, 2, 3].map(() => recordInboundMessage(t.db, inbound(leadId), 'America/Chicago')),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await countRows(t.db, 'activities')).toBe(1);
  });

  describe('live stream', () => {
    let http: Awaited<ReturnType<typeof listenOn>>;
    let live: LiveClient | undefined;
    beforeAll(async () => {
      http = await listenOn(t.app);
    });
    afterAll(async () => {
      live?.close();
      await http?.close();
    });

    it('publishes message.created for a stored message', async () => {
      const login = await supertest(t.app).post('/api/admin/login').send(ADMIN).expect(200);
      const cookie = ((login.headers['set-cookie'] ?? []) as unknown as string[])
        .map((c) => c.split(';')[0])
        .join('; ');
      live = await openLive(http.baseUrl, { cookie });
      await live.next('ready');
      const leadId = await insertLead(t.db);
      const { id } = await recordInboundMessage(t.db, inbound(leadId), 'America/Chicago');
      const event = await live.next('message.created');
      expect(event.data).toEqual({ type: 'message.created', leadId, messageId: id });
    });
  });

  it('ends the no_activity chase of the lead that replied', async () => {
    const agent = await t.agent();
    const template = (
      await agent.post('/api/admin/templates').send({ name: 'Nudge', type: 'sms', content: 'Still there?' }).expect(201)
    ).body as { id: string };
    const leadId = await insertLead(t.db, { created_at: new Date(Date.now() - 10 * DAY) });
    const preview = async () =>
      (
        await agent
          .post('/api/admin/automations/preview')
          .send({
            name: 'Chase',
            trigger: 'no_activity',
            conditions: JSON.stringify({ days: 3 }),
            actions: JSON.stringify({ type: 'send_sms', templateId: template.id }),
          })
          .expect(200)
      ).body as AutomationPreview;
    expect((await preview()).total).toBe(1);
    await recordInboundMessage(t.db, inbound(leadId, { receivedAt: new Date() }), 'America/Chicago');
    expect((await preview()).total).toBe(0);
  });
});
