// docs/security.md, review finding 12: a lead_created e-mail rule answers whoever fills in the
// public quote form, at any address, with text they wrote. Automated sends are budgeted per hour —
// one per recipient and AUTOMATION_SENDS_PER_HOUR in all by default — and a message over the budget
// is held in the outbox with the reason, its run shows as held, and it goes out once the hour
// allows. The count holds with two processes taking jobs at once (a second pool on PostgreSQL).
import { HOLD_REASONS, type AutomationRun, type OutboxMessage } from '@shine/shared/automation-rules';
import type { Template } from '@shine/shared/types';
import { afterEach, beforeAll, afterAll, beforeEach, expect, it } from 'vitest';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  openSecondPool,
  startSmtpServer,
  startTestEngine,
  type TestEngine,
  type TestSmtpServer,
  waitFor,
} from './support/automation-engine.ts';
import { takeSendSlot } from '../src/automations/send-budget.ts';
import { type Agent, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const HOUR = 3_600_000;

describeApi('the hourly send budget of automations', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent });
  let agent: Agent;
  let smtp: TestSmtpServer;
  let engines: TestEngine[] = [];
  let secondPool: Awaited<ReturnType<typeof openSecondPool>>;
  /** The engines' clock: moved forward to let an hour pass. */
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    secondPool = await openSecondPool(t.db);
  });
  afterAll(async () => {
    await secondPool?.close();
    await dropQueueSchema(t.db);
    await smtp?.close();
  });
  beforeEach(async () => {
    agent = await t.agent();
    smtp.received.length = 0;
    offsetMs = 0;
  });
  afterEach(async () => {
    relay.connect(undefined);
    await Promise.all(engines.map((engine) => engine.stop()));
    engines = [];
  });

  /** Two processes (two pools on PostgreSQL) working one queue, with the given budget. */
  async function startEngines(sendsPerHour: number) {
    const env = {
      SMTP_URL: smtp.url,
      AUTOMATION_SENDS_PER_HOUR: String(sendsPerHour),
      // The default (config.test.ts); the test support raises it for the other files.
      AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR: '1',
    };
    engines = await Promise.all([startTestEngine(t.db, { env, now }), startTestEngine(secondPool.db, { env, now })]);
    relay.connect((engines[0] as TestEngine).engine);
  }

  async function welcomeRule(name = 'Welcome') {
    const template = (
      await agent
        .post('/api/admin/templates')
        .send({ name, type: 'email', subject: 'Hello {{firstName}}', content: 'Hi {{firstName}}, {{notes}}' })
        .expect(201)
    ).body as Template;
    await agent
      .post('/api/admin/automations')
      .send({ name, trigger: 'lead_created', actions: JSON.stringify({ type: 'send_email', templateId: template.id }) })
      .expect(201);
  }

  const outbox = async (status: string) =>
    (await agent.get(`/api/admin/outbox?status=${status}`).expect(200)).body as OutboxMessage[];
  /** Both processes idle, their scans run by hand, and what those queued done. */
  const drain = () => drainEngines(...engines.map((engine) => engine.engine));
  const runsOf = async (leadId: string) =>
    (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];

  it('holds a second automated e-mail to the same address within the hour, and sends it when the hour allows', async () => {
    await startEngines(200);
    await welcomeRule();
    // A visitor's quote: the welcome goes out.
    const beforeFirst = now().getTime();
    const first = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await waitFor(async () => smtp.received.length === 1);
    // The lead is closed; someone submits the form again with the same address (spelt differently):
    // a new lead, a new lead_created — and a second automated mail to that address within the hour.
    await agent.patch(`/api/admin/leads/${first}/status`).send({ status: 'Lost' }).expect(200);
    const second = (
      await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, email: ' ANN.LEE@example.com ', notes: 'Text a stranger wrote' })
        .expect(201)
    ).body.id as string;
    expect(second).not.toBe(first);

    const [held] = await waitFor(async () => {
      const list = await outbox('held');
      return list.length === 1 && list;
    });
    const sentAt = new Date((await outbox('sent'))[0]?.sentAt as string).getTime();
    expect(held).toMatchObject({
      leadId: second,
      recipient: 'ANN.LEE@example.com',
      status: 'held',
      reason: HOLD_REASONS.recipient(1),
      sentAt: null,
    });
    expect(HOLD_REASONS.recipient(1)).toBe(
      'held: this recipient already received an automated message in the last hour (limit 1 per recipient per hour)',
    );
    // Tried again an hour after the first send's grant, which comes between the quote and the send
    // (the grant is stamped before the transport is called, however long a loaded machine takes).
    const heldUntil = new Date(held?.heldUntil as string).getTime();
    expect(heldUntil).toBeGreaterThanOrEqual(beforeFirst + HOUR);
    expect(heldUntil).toBeLessThanOrEqual(sentAt + HOUR);
    expect((await outbox('unsent')).map((message) => message.id)).toEqual([held?.id]);
    const [run] = await runsOf(second);
    expect(run).toMatchObject({
      status: 'held',
      outcome: `E-mail to ANN.LEE@example.com ${HOLD_REASONS.recipient(1)}`,
      finishedAt: null,
    });
    // Nothing more goes out while the hour lasts.
    await drain();
    expect(smtp.received).toHaveLength(1);
    // Before the hour has passed, the scan leaves it held.
    offsetMs = 30 * 60_000;
    await (engines[1] as TestEngine).engine.scanTimeTriggers();
    await drain();
    expect(smtp.received).toHaveLength(1);

    // An hour later, the scan (either process) releases it and it goes out, once.
    offsetMs = HOUR + 60_000;
    await Promise.all(engines.map((engine) => engine.engine.scanTimeTriggers()));
    await waitFor(async () => smtp.received.length === 2 && (await outbox('held')).length === 0);
    await drain();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ann.lee@example.com'], ['ANN.LEE@example.com']]);
    const sent = (await outbox('sent')).find((message) => message.leadId === second);
    expect(sent).toMatchObject({ status: 'sent', reason: null, heldUntil: null });
    expect((await runsOf(second))[0]).toMatchObject({
      status: 'succeeded',
      outcome: 'E-mail sent to ANN.LEE@example.com',
    });
  });

  it('holds every automated message past the hourly cap, counted across two processes', async () => {
    const cap = 3;
    await startEngines(cap);
    await welcomeRule();
    const leads = 7;
    for (let i = 0; i < leads; i++) {
      await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, firstName: `Lead${i}`, email: `lead${i}@example.com`, phone: `214-555-01${i}0` })
        .expect(201);
    }
    // The second process hears of every lead too and takes jobs as well: both count.
    await Promise.all(engines.map((engine) => engine.engine.scanTimeTriggers()));
    await waitFor(async () => (await outbox('held')).length + (await outbox('sent')).length === leads);
    await drain();
    expect(smtp.received).toHaveLength(cap);
    const held = await outbox('held');
    expect(held).toHaveLength(leads - cap);
    for (const message of held) expect(message).toMatchObject({ status: 'held', reason: HOLD_REASONS.global(cap) });
    expect(HOLD_REASONS.global(cap)).toBe(
      'held: 3 automated messages were already sent in the last hour (limit 3 per hour)',
    );
    const runs = await t.db('automation_runs').select('status');
    expect(runs.filter((run) => run.status === 'held')).toHaveLength(leads - cap);
    expect(runs.filter((run) => run.status === 'succeeded')).toHaveLength(cap);

    // The next hour takes the next three, and the hour after that the last one: nothing is dropped.
    offsetMs = HOUR + 60_000;
    await Promise.all(engines.map((engine) => engine.engine.scanTimeTriggers()));
    await waitFor(async () => smtp.received.length === 2 * cap && (await outbox('held')).length === leads - 2 * cap);
    offsetMs = 2 * HOUR + 120_000;
    await (engines[0] as TestEngine).engine.scanTimeTriggers();
    await waitFor(async () => smtp.received.length === leads && (await outbox('held')).length === 0);
    await drain();
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(Array.from({ length: leads }, (_, i) => `lead${i}@example.com`).sort());
  });

  it('grants the last slots once when two processes ask at the same moment', async () => {
    const leadId = await insertLead(t.db);
    const messages = await t
      .db('automation_messages')
      .insert(
        Array.from({ length: 12 }, (_, i) => ({
          lead_id: leadId,
          channel: 'email' as const,
          recipient: `person${i}@example.com`,
          subject: 'Hi',
          body: 'Hi',
        })),
      )
      .returning(['id', 'channel', 'recipient']);
    const at = new Date();
    const decisions = await Promise.all(
      messages.map((message, i) =>
        takeSendSlot(i % 2 === 0 ? t.db : secondPool.db, message, { total: 5, perRecipient: 1 }, at, 'lead_created'),
      ),
    );
    expect(decisions.filter((decision) => decision.granted)).toHaveLength(5);
    const granted = await t.db('automation_messages').whereNotNull('budget_at').select('id');
    expect(granted).toHaveLength(5);
  });
});
