// A lead's conversation for staff (docs/requirements.md#conversations): the thread merges the
// automated outbox with the customer's replies and the messages staff sent by hand, oldest first; a
// message sent by hand reaches the real SMTP server or the SMS stand-in and is stored with its
// delivery; a text after STOP is refused (409), one without consent is sent with the warning; read
// marks and the Inbox are per person.
import type { AutomationRun } from '@shine/shared/automation-rules';
import { MANUAL_MESSAGES_PER_USER_PER_HOUR } from '@shine/shared/conversations';
import { API_ERRORS } from '@shine/shared/messages';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { inboxSchema, leadMessagesSchema, type SentLeadMessage } from '@shine/shared/responses/conversations';
import { MANUAL_SMS_WITHOUT_CONSENT_WARNING, SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { Activity } from '@shine/shared/types';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordInboundMessage } from '../src/conversations/conversations.service.ts';
import { twilioSignature } from '../src/http/twilio-signature.ts';
import { drainEngines, transportEnv, useDeliveringEngine, waitFor } from './support/automation-engine.ts';
import { addStaff, STAFF_PASSWORD } from './support/team.ts';
import { createWelcomeEmailRule } from './support/welcome-rule.ts';
import {
  ADMIN,
  type Agent,
  buildTestApp,
  countRows,
  describeApi,
  insertLead,
  signIn,
  type TestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

const MAILBOX = 'sales@shine.example';
const ORIGIN = 'https://shine.example.com';
const SECOND = 1000;

describeApi('lead messages: the thread, sending by hand, read marks and the Inbox', () => {
  // One retry, not three: a refused quote e-mail shows as failed after one back-off (the back-off
  // itself is automation-engine.test.ts's), not after seven seconds of them.
  const h = useDeliveringEngine({ replyMailbox: MAILBOX, env: { AUTOMATION_RETRY_LIMIT: '1' } });
  const { t } = h;
  // The app useDeliveringEngine builds has no transports (only its engine delivers): this one is an
  // API process configured like the engine, on the same database.
  let api: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    api = await buildTestApp(t.db, {
      env: {
        ...transportEnv(h.smtp, h.sms),
        REPLY_MAILBOX: MAILBOX,
        PUBLIC_ORIGIN: ORIGIN,
        ALLOWED_HOSTS: '127.0.0.1',
      },
      onLeadEvent: h.relay.onLeadEvent,
    });
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(async () => {
    api.clock.now = undefined;
    agent ??= await signIn(api.app);
  });

  const thread = async (leadId: string) =>
    leadMessagesSchema.parse((await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body).items;
  const send = (leadId: string, message: Record<string, unknown>, as: Agent = agent) =>
    as.post(`/api/admin/leads/${leadId}/messages`).send(message);

  it('merges the automated messages, the replies and the messages sent by hand, oldest first', async () => {
    await createWelcomeEmailRule(agent);
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await waitFor(async () => {
      const runs = (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
      return runs.length === 1 && runs[0]?.status === 'succeeded';
    });
    const start = Date.now();
    await recordInboundMessage(
      t.db,
      {
        leadId,
        channel: 'sms',
        body: 'Can you come on Tuesday?',
        subject: null,
        from: '+12145550100',
        externalId: 'SMinbound1',
        receivedAt: new Date(start + 30 * SECOND),
      },
      'America/Chicago',
    );
    api.clock.now = new Date(start + 60 * SECOND);
    await send(leadId, { channel: 'sms', body: 'Tuesday at 10 works.' }).expect(201);

    const items = await thread(leadId);
    expect(items.map((m) => [m.source, m.channel, m.direction, m.status, m.body])).toEqual([
      ['automation', 'email', 'out', 'sent', expect.stringContaining('Hi Ann!')],
      ['customer', 'sms', 'in', 'received', 'Can you come on Tuesday?'],
      ['staff', 'sms', 'out', 'sent', 'Tuesday at 10 works.'],
    ]);
    expect(items[0]?.subject).toBe('Welcome, Ann!');
    expect(items.map((m) => [m.to, m.attachments])).toEqual([
      [VALID_QUOTE.email, []],
      [null, []],
      [VALID_QUOTE.phone, []],
    ]);
    expect(items[2]?.subject).toBeNull();
    expect(items[2]).toMatchObject({ sentBy: 'Test Admin', at: new Date(start + 60 * SECOND).toISOString() });
    // The automations' own list moved to /outbox and is unchanged.
    const outbox = (await agent.get(`/api/admin/leads/${leadId}/outbox`).expect(200)).body as unknown[];
    expect(outbox).toHaveLength(1);
    expect((await agent.get(`/api/admin/leads/${crypto.randomUUID()}/messages`).expect(404)).body.message).toBe(
      'Lead not found',
    );
  });

  it('holds what the customer was sent (the quote e-mail with its PDF), never the alerts to staff, which the timeline names', async () => {
    const ana = await addStaff(t.db, { email: 'ana.onduty@example.com', role: 'sales', name: 'Ana Onduty' });
    await agent
      .put('/api/admin/settings/lead-alerts')
      .send({
        ...DEFAULT_SPEED_TO_LEAD_SETTINGS,
        enabled: true,
        sms: false,
        onDuty: [ana, ana, ana, ana, ana, ana, ana],
        outsideBusinessHours: true,
        respectQuietHours: false,
      })
      .expect(200);
    try {
      const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
      await drainEngines(h.engine.engine);
      expect(h.smtp.received.map((mail) => mail.to)).toEqual([['ana.onduty@example.com']]);

      const draft = await agent.post(`/api/admin/leads/${leadId}/quotes`).send({}).expect(201);
      const sent = await agent.post(`/api/admin/quotes/${draft.body.id}/send`).send({ email: true }).expect(200);
      expect(sent.body.emailed).toBe(true);
      await drainEngines(h.engine.engine);
      expect(h.smtp.received.map((mail) => mail.to)).toEqual([['ana.onduty@example.com'], [VALID_QUOTE.email]]);

      const items = await thread(leadId);
      expect(items).toEqual([
        expect.objectContaining({
          source: 'staff',
          channel: 'email',
          direction: 'out',
          status: 'sent',
          to: VALID_QUOTE.email,
          subject: expect.stringMatching(/^Your cleaning quote from .+: \$/),
          attachments: ['quote-v1.pdf'],
          sentBy: 'Test Admin',
          body: expect.stringContaining(sent.body.url),
        }),
      ]);
      const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
      expect(timeline.map((a) => a.subject)).toContain('On-duty alert sent to Ana Onduty (e-mail)');
      // The automations' own list of the lead still has the alert (Automations → Outbox).
      const outbox = (await agent.get(`/api/admin/leads/${leadId}/outbox`).expect(200)).body as Array<{
        recipient: string;
      }>;
      expect(outbox.map((m) => m.recipient)).toEqual(['ana.onduty@example.com']);
    } finally {
      await t.db('company_settings').delete();
    }
  });

  it('records a quote e-mail the mail server refused as failed in the thread', async () => {
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const draft = await agent.post(`/api/admin/leads/${leadId}/quotes`).send({}).expect(201);
    h.smtp.refuseWith = { message: 'mailbox unavailable' };
    try {
      const sent = await agent.post(`/api/admin/quotes/${draft.body.id}/send`).send({ email: true }).expect(200);
      // The answer does not wait for the mail server; the thread says what became of the e-mail.
      expect(sent.body.emailed).toBe(true);
      await drainEngines(h.engine.engine);
    } finally {
      h.smtp.refuseWith = undefined;
    }
    expect((await thread(leadId)).map((m) => [m.status, m.reason, m.attachments])).toEqual([
      ['failed', 'failed: the mail server did not accept the e-mail', ['quote-v1.pdf']],
    ]);
  });

  it('texts by hand through the SMS provider, with the warning when the lead never agreed to texts', async () => {
    const leadId = await insertLead(t.db, { phone: '(214) 555-0142' });
    const sent = (await send(leadId, { channel: 'sms', body: 'On our way!' }).expect(201)).body as SentLeadMessage;
    expect(sent.warning).toBe(MANUAL_SMS_WITHOUT_CONSENT_WARNING);
    expect(sent.message).toMatchObject({ channel: 'sms', direction: 'out', status: 'sent', body: 'On our way!' });
    expect(h.sms.received).toHaveLength(1);
    expect(h.sms.received[0]?.form).toMatchObject({ To: '+12145550142', From: '+12145550000', Body: 'On our way!' });
    const row = await t.db('conversation_messages').where({ id: sent.message.id }).first();
    expect(row).toMatchObject({
      status: 'sent',
      external_id: 'SM1',
      recipient: '(214) 555-0142',
      sent_by: api.adminId,
    });

    const consenting = await insertLead(t.db, { sms_consent_at: new Date(), sms_consent_text: 'x' });
    const quiet = (await send(consenting, { channel: 'sms', body: 'Hello' }).expect(201)).body as SentLeadMessage;
    expect(quiet.warning).toBeNull();

    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
    expect(timeline).toEqual([
      expect.objectContaining({ subject: 'Text to the customer', description: 'On our way!', status: 'completed' }),
    ]);
  });

  it('refuses a text to a number that answered STOP (409), sending and storing nothing', async () => {
    const leadId = await insertLead(t.db, {
      phone: '(214) 555-0123',
      sms_consent_at: new Date(),
      sms_consent_text: 'x',
    });
    const params = { MessageSid: 'SMstop1', From: '+12145550123', To: '+12145550000', Body: 'STOP' };
    await agent
      .post('/api/webhooks/sms')
      .type('form')
      .set('x-twilio-signature', twilioSignature('secret-token', `${ORIGIN}/api/webhooks/sms`, params))
      .send(params)
      .expect(200);
    const stored = await countRows(t.db, 'conversation_messages');
    const refused = await send(leadId, { channel: 'sms', body: 'Are you still there?' }).expect(409);
    expect(refused.body.message).toBe(SMS_REFUSALS.optedOut);
    expect(h.sms.received).toHaveLength(0);
    expect(await countRows(t.db, 'conversation_messages')).toBe(stored);
    // E-mail stays possible.
    await send(leadId, { channel: 'email', subject: 'Your texts', body: 'We will write here.' }).expect(201);
  });

  it(`refuses a message by hand past ${MANUAL_MESSAGES_PER_USER_PER_HOUR} an hour per person (429, nothing stored or sent), until the hour allows`, async () => {
    const start = new Date();
    api.clock.now = start;
    const leadId = await insertLead(t.db, { phone: '(214) 555-0123' });
    const me = (await t.db('users').whereRaw('lower(username) = lower(?)', [ADMIN.username]).first('id'))?.id;
    // What this person sent by hand in the last hour, the oldest 50 minutes ago.
    await t.db('conversation_messages').insert(
      Array.from({ length: MANUAL_MESSAGES_PER_USER_PER_HOUR - 1 }, (_, i) => ({
        lead_id: leadId,
        channel: 'email',
        direction: 'out',
        status: 'sent',
        subject: 'Earlier',
        body: `Earlier message ${i}`,
        sender: ADMIN.username,
        recipient: 'cara@example.com',
        at: new Date(start.getTime() - (50 - i * 0.4) * 60_000),
        sent_by: me,
      })),
    );
    await send(leadId, { channel: 'sms', body: 'The last one this hour.' }).expect(201);
    const stored = await countRows(t.db, 'conversation_messages');
    const refused = await send(leadId, { channel: 'sms', body: 'One too many.' }).expect(429);
    expect(refused.body.message).toBe(API_ERRORS.manualMessageBudget);
    expect(Number(refused.headers['retry-after'])).toBe(10 * 60);
    expect(await countRows(t.db, 'conversation_messages')).toBe(stored);
    expect(h.sms.received.map((sms) => sms.form.Body)).toEqual(['The last one this hour.']);
    // Another person's budget is their own.
    await addStaff(t.db, { email: 'budget.rep@example.com', role: 'sales' });
    const rep = await signIn(api.app, { username: 'budget.rep@example.com', password: STAFF_PASSWORD });
    await send(leadId, { channel: 'sms', body: 'From a colleague.' }, rep).expect(201);
    // Once the oldest leaves the hour, a slot is free again.
    api.clock.now = new Date(start.getTime() + 10 * 60_000 + 1_000);
    await send(leadId, { channel: 'sms', body: 'One too many.' }).expect(201);
  });

  it('e-mails by hand over SMTP with the lead’s reply address, also to a lead who unsubscribed', async () => {
    const leadId = await insertLead(t.db, { email: 'kim@example.com', email_unsubscribed_at: new Date() });
    const sent = (
      await send(leadId, { channel: 'email', subject: 'Your quote', body: 'Here are the details.' }).expect(201)
    ).body as SentLeadMessage;
    expect(sent).toMatchObject({ warning: null, message: { status: 'sent', subject: 'Your quote' } });
    expect(h.smtp.received).toHaveLength(1);
    const mail = await simpleParser(h.smtp.received[0]?.raw ?? '');
    expect(mail.subject).toBe('Your quote');
    // What staff wrote, then the company's name and address (the HTML twin says the same in the layout).
    expect(mail.text).toMatch(/^Here are the details\.\n\n--\n.+, .+\n/);
    expect(mail.html).toContain('Here are the details.');
    expect(h.smtp.received[0]?.to).toEqual(['kim@example.com']);
    expect(mail.replyTo?.text).toMatch(/^sales\+[a-z2-7]+@shine\.example$/);
    // No unsubscribe on a one-to-one e-mail.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
  });

  it('stores a message the provider refused as failed, with the reason', async () => {
    const leadId = await insertLead(t.db);
    h.smtp.refuseWith = { message: 'mailbox full' };
    const sent = (await send(leadId, { channel: 'email', subject: 'Hi', body: 'Hello' }).expect(201))
      .body as SentLeadMessage;
    expect(sent.message.status).toBe('failed');
    expect(sent.message.reason).toContain('mailbox full');
    expect((await thread(leadId)).map((m) => m.status)).toEqual(['failed']);
  });

  it('refuses bad input with field issues, and a lead without an e-mail address (409)', async () => {
    const leadId = await insertLead(t.db, { email: '' });
    const noSubject = await send(leadId, { channel: 'email', body: 'Hi' }).expect(400);
    expect(noSubject.body.issues).toEqual([expect.objectContaining({ path: 'subject' })]);
    const long = await send(leadId, { channel: 'sms', body: 'x'.repeat(1601) }).expect(400);
    expect(long.body.issues).toEqual([expect.objectContaining({ path: 'body' })]);
    await send(leadId, { channel: 'email', subject: 'Hi', body: 'Hello' }).expect(409);
    expect(await countRows(t.db, 'conversation_messages')).toBe(0);
  });

  describe('read marks and the Inbox', () => {
    let sales: Agent;
    beforeAll(async () => {
      await addStaff(t.db, { email: 'rep@inbox.example', role: 'sales', name: 'Rep' });
      sales = await signIn(api.app, { username: 'rep@inbox.example', password: STAFF_PASSWORD });
    });
    afterAll(async () => {
      await t.db('users').where({ username: 'rep@inbox.example' }).delete();
    });

    const inbox = async (as: Agent) => inboxSchema.parse((await as.get('/api/admin/inbox').expect(200)).body);
    let sid = 0;
    const reply = (leadId: string, at: number, body = 'A reply') =>
      recordInboundMessage(
        t.db,
        {
          leadId,
          channel: 'sms',
          body,
          subject: null,
          from: '+12145550199',
          externalId: `SMreply${++sid}`,
          receivedAt: new Date(at),
        },
        'America/Chicago',
      );

    it('lists leads with unread replies per person, newest first, until that person reads them', async () => {
      const older = await insertLead(t.db, { first_name: 'Olga', last_name: 'Older' });
      const newer = await insertLead(t.db, { first_name: 'Nina', last_name: 'Newer' });
      await reply(older, Date.now(), 'first');
      await reply(older, Date.now(), 'second');
      await reply(newer, Date.now(), 'hello');
      // A message sent by hand is no reply.
      await send(newer, { channel: 'sms', body: 'Hi Nina' }).expect(201);

      const before = await inbox(agent);
      expect(before.total).toBe(2);
      expect(before.items.map((i) => [i.leadName, i.unread, i.lastBody])).toEqual([
        ['Nina Newer', 1, 'hello'],
        ['Olga Older', 2, 'second'],
      ]);

      await agent.post(`/api/admin/leads/${older}/messages/read`).expect(204);
      expect((await inbox(agent)).items.map((i) => i.leadName)).toEqual(['Nina Newer']);
      // The rep has read nothing.
      expect((await inbox(sales)).total).toBe(2);

      await reply(older, Date.now(), 'third');
      const after = await inbox(agent);
      expect(after.items.map((i) => [i.leadName, i.unread, i.lastBody])).toEqual([
        ['Olga Older', 1, 'third'],
        ['Nina Newer', 1, 'hello'],
      ]);
      await sales.post(`/api/admin/leads/${newer}/messages/read`).expect(204);
      expect((await inbox(sales)).items.map((i) => i.leadName)).toEqual(['Olga Older']);
    });

    it('marks read a lead without replies as a no-op, and an unknown lead as 404', async () => {
      const leadId = await insertLead(t.db);
      await agent.post(`/api/admin/leads/${leadId}/messages/read`).expect(204);
      expect(await countRows(t.db, 'conversation_reads')).toBe(0);
      await agent.post(`/api/admin/leads/${crypto.randomUUID()}/messages/read`).expect(404);
    });
  });
});
