// The automation engine end to end: the HTTP API reports lead changes, the job queue (pg-boss on this
// file's database) runs the rules, and messages reach a real in-process SMTP server or a local
// Twilio-compatible HTTP server.
import type { AutomationPreview, AutomationRun, OutboxMessage } from '@shine/shared/automation-rules';
import type { Activity, Automation, Template } from '@shine/shared/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { drainEngines, useDeliveringEngine, waitFor } from './support/automation-engine.ts';
import { SMS_REFUSALS } from '@shine/shared/sms-consent';
import { type Agent, countRows, describeApi, insertLead, VALID_QUOTE } from './support/test-app.ts';

const DAY = 86_400_000;

describeApi('automation engine', () => {
  const h = useDeliveringEngine({ env: { AUTOMATION_RETRY_LIMIT: '1' } });
  const { t, relay } = h;
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  const createTemplate = async (body: object) => {
    const response = await agent.post('/api/admin/templates').send(body);
    expect(response.status, response.text).toBe(201);
    return response.body as Template;
  };
  const createRule = async (body: { trigger: string; conditions?: object; actions: object; name?: string }) => {
    const response = await agent.post('/api/admin/automations').send({
      name: body.name ?? 'Rule',
      trigger: body.trigger,
      conditions: JSON.stringify(body.conditions ?? {}),
      actions: JSON.stringify(body.actions),
    });
    expect(response.status, response.text).toBe(201);
    return response.body as Automation;
  };
  const welcomeEmail = () =>
    createTemplate({
      name: 'Welcome',
      type: 'email',
      subject: 'Welcome, {{firstName}}!',
      content:
        'Hi {{firstName}}, thanks for asking about a {{cleaningType}} cleaning. Notes: [{{notes}}] {{promoCode}}',
    });
  const runsOfLead = async (leadId: string) =>
    (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
  const activitiesOf = async (leadId: string) =>
    (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
  const settledRuns = (leadId: string, count: number) =>
    waitFor(async () => {
      const runs = await runsOfLead(leadId);
      return runs.length === count && runs.every((run) => ['succeeded', 'failed'].includes(run.status)) && runs;
    });

  it('lead_created → send_email: the quote form delivers one e-mail with the first name, and the timeline shows it', async () => {
    const template = await welcomeEmail();
    const rule = await createRule({
      trigger: 'lead_created',
      actions: { type: 'send_email', templateId: template.id },
    });

    const created = await agent
      .post('/api/leads')
      .send({ ...VALID_QUOTE, notes: '' })
      .expect(201);
    const leadId = created.body.id as string;

    const [run] = await settledRuns(leadId, 1);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'lead_created', automationId: rule.id, attempts: 1 });
    expect(h.smtp.received).toHaveLength(1);
    const mail = h.smtp.received[0];
    expect(mail?.to).toEqual([VALID_QUOTE.email]);
    expect(mail?.from).toBe('robot@example.com');
    expect(mail?.raw).toContain('Subject: Welcome, Ann!');
    expect(mail?.raw).toContain('Hi Ann, thanks for asking about a Deep cleaning.');
    // A missing value renders as nothing, never "undefined".
    expect(mail?.raw).toContain('Notes: [] WELCOME40');
    expect(mail?.raw).not.toContain('undefined');

    const activities = await activitiesOf(leadId);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ type: 'email', status: 'completed', subject: 'Welcome, Ann!' });
    const ruleRuns = (await agent.get(`/api/admin/automations/${rule.id}/runs`).expect(200)).body as AutomationRun[];
    expect(ruleRuns.map((r) => r.id)).toEqual([run?.id]);
    expect(ruleRuns[0]?.leadName).toBe('Ann Lee');
    const messages = (await agent.get(`/api/admin/leads/${leadId}/outbox`).expect(200)).body as OutboxMessage[];
    expect(messages).toMatchObject([{ channel: 'email', status: 'sent', recipient: VALID_QUOTE.email }]);
  });

  it('a lead_created event whose report is lost is caught up by the scan, once; leads from before the rule are not', async () => {
    const template = await welcomeEmail();
    // Reports go nowhere, as when a process dies right after the commit: only the outbox knows.
    relay.connect(undefined);
    try {
      const early = (
        await agent
          .post('/api/leads')
          .send({ ...VALID_QUOTE, firstName: 'Early' })
          .expect(201)
      ).body.id as string;
      await createRule({ trigger: 'lead_created', actions: { type: 'send_email', templateId: template.id } });
      const missed = (
        await agent
          .post('/api/leads')
          .send({ ...VALID_QUOTE, firstName: 'Missed', email: 'missed@example.com', phone: '(972) 555-0188' })
          .expect(201)
      ).body.id as string;

      expect(await h.engine.engine.scanTimeTriggers()).toBe(1);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
      await settledRuns(missed, 1);
      expect(h.smtp.received).toHaveLength(1);
      expect(h.smtp.received[0]?.raw).toContain('Subject: Welcome, Missed!');
      expect(await runsOfLead(early)).toEqual([]);
      expect(await t.db('lead_events').whereNull('handled_at')).toEqual([]);
    } finally {
      relay.connect(h.engine.engine);
    }
  });

  it('a status change whose report is lost is caught up by the scan with its from and to', async () => {
    const rule = await createRule({
      trigger: 'status_changed',
      conditions: { fromStatus: 'New', toStatus: 'Contacted' },
      actions: { type: 'create_task', title: 'Send the quote', dueInHours: 24 },
    });
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    relay.connect(undefined);
    try {
      await agent.patch(`/api/admin/leads/${leadId}/status`).send({ status: 'Contacted' }).expect(200);
      await agent.patch(`/api/admin/leads/${leadId}/status`).send({ status: 'Qualified' }).expect(200);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(1);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
      const [run] = await settledRuns(leadId, 1);
      expect(run).toMatchObject({ automationId: rule.id, trigger: 'status_changed', status: 'succeeded' });
      expect((await activitiesOf(leadId)).map((a) => a.subject)).toContain('Send the quote');
    } finally {
      relay.connect(h.engine.engine);
    }
  });

  it('an event handled when no rule matched is not run later because the lead came to match', async () => {
    const template = await welcomeEmail();
    await createRule({
      trigger: 'lead_created',
      conditions: { priority: 'High' },
      actions: { type: 'send_email', templateId: template.id },
    });
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await waitFor(async () => (await t.db('lead_events').whereNotNull('handled_at').first()) !== undefined);
    await agent.patch(`/api/admin/leads/${leadId}`).send({ priority: 'High' }).expect(200);
    expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
    expect(await runsOfLead(leadId)).toEqual([]);
  });

  it('leaves rules whose conditions do not match, and inactive rules, alone', async () => {
    const template = await welcomeEmail();
    await createRule({
      trigger: 'lead_created',
      conditions: { cleaningType: 'Basic' },
      actions: { type: 'send_email', templateId: template.id },
    });
    const inactive = await createRule({
      trigger: 'lead_created',
      actions: { type: 'create_task', title: 'Call', dueInHours: 1 },
    });
    await agent.patch(`/api/admin/automations/${inactive.id}`).send({ isActive: false }).expect(200);
    const matching = await createRule({
      trigger: 'lead_created',
      conditions: { cleaningType: 'Deep', frequency: 'Biweekly' },
      actions: { type: 'create_task', title: 'Call', dueInHours: 1 },
    });

    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const runs = await settledRuns(leadId, 1);
    expect(runs[0]?.automationId).toBe(matching.id);
    expect(h.smtp.received).toHaveLength(0);
  });

  it('status_changed with from/to: a pending task due in dueInHours; update_status by a rule fires no status_changed rule', async () => {
    t.clock.now = new Date('2025-06-02T15:00:00Z');
    const task = await createRule({
      name: 'Quote follow-up',
      trigger: 'status_changed',
      conditions: { toStatus: 'Contacted' },
      actions: { type: 'create_task', title: 'Send the quote', dueInHours: 24 },
    });
    // Contacted → Qualified automatically: if that change reported status_changed, this rule (any
    // change) would fire again for it, and again for its own changes.
    const promote = await createRule({
      trigger: 'status_changed',
      conditions: { fromStatus: 'New' },
      actions: { type: 'update_status', status: 'Qualified' },
    });
    const leadId = await insertLead(t.db);

    await agent.patch(`/api/admin/leads/${leadId}/status`).send({ status: 'Contacted' }).expect(200);
    const runs = await settledRuns(leadId, 2);
    expect(runs.map((run) => run.automationId).sort()).toEqual([task.id, promote.id].sort());
    await drainEngines(h.engine.engine);
    expect(await runsOfLead(leadId)).toHaveLength(2);
    // The rule's own change wrote no event: the outbox holds the staff change alone.
    const changes = await t.db('lead_events').where({ lead_id: leadId }).select('from_status', 'to_status');
    expect(changes).toEqual([{ from_status: 'New', to_status: 'Contacted' }]);

    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as { status: string };
    expect(lead.status).toBe('Qualified');
    const activities = await activitiesOf(leadId);
    const taskActivity = activities.find((activity) => activity.type === 'task');
    expect(taskActivity).toMatchObject({
      subject: 'Send the quote',
      status: 'pending',
      scheduledAt: '2025-06-03T15:00:00.000Z',
    });
    expect(activities.find((activity) => activity.type === 'note')?.subject).toBe(
      'Status changed from Contacted to Qualified',
    );

    // A second change to Contacted is a new occurrence: the task rule fires again.
    await agent.patch(`/api/admin/leads/${leadId}/status`).send({ status: 'Contacted' }).expect(200);
    await settledRuns(leadId, 3);
  });

  it('send_sms goes to the Twilio-compatible API and is recorded on the lead', async () => {
    const template = await createTemplate({
      name: 'Text',
      type: 'sms',
      content: 'Hi {{firstName}}, {{companyName}} here.',
    });
    await createRule({ trigger: 'lead_created', actions: { type: 'send_sms', templateId: template.id } });
    const leadId = (
      await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, smsConsent: true })
        .expect(201)
    ).body.id as string;
    const [run] = await settledRuns(leadId, 1);
    expect(run?.status).toBe('succeeded');
    expect(h.sms.received).toHaveLength(1);
    expect(h.sms.received[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
      form: { To: '+12145550100', From: '+12145550000', Body: 'Hi Ann, Lone Star Shine Cleaning here.' },
    });
    expect((await activitiesOf(leadId))[0]).toMatchObject({ type: 'note', status: 'completed' });
  });

  describe('SMS consent (docs/requirements.md#sms-consent)', () => {
    const textRule = async () => {
      const template = await createTemplate({ name: 'Text', type: 'sms', content: 'Hi {{firstName}}!' });
      await createRule({ trigger: 'lead_created', actions: { type: 'send_sms', templateId: template.id } });
    };
    const skippedRun = (leadId: string) =>
      waitFor(async () => (await runsOfLead(leadId)).find((run) => run.status === 'skipped'));
    const outboxOf = async (leadId: string) =>
      ((await agent.get('/api/admin/outbox?status=all').expect(200)).body as OutboxMessage[]).filter(
        (message) => message.leadId === leadId,
      );

    it('skips the automated text of a lead who did not tick the box, and says why in the run and the outbox', async () => {
      await textRule();
      const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
      const run = await skippedRun(leadId);
      expect(run).toMatchObject({
        outcome: `SMS to ${VALID_QUOTE.phone} ${SMS_REFUSALS.noConsent}`,
      });
      expect(h.sms.received).toHaveLength(0);
      expect(await outboxOf(leadId)).toMatchObject([
        { channel: 'sms', status: 'not_sent', reason: SMS_REFUSALS.noConsent },
      ]);
      expect((await activitiesOf(leadId))[0]).toMatchObject({
        status: 'cancelled',
        subject: 'SMS not sent: SMS "Text"',
      });
    });

    it('skips the automated text of a number that answered STOP, consent or not', async () => {
      await textRule();
      // An earlier, closed lead of the same number answered STOP: the new lead inherits the opt-out.
      await insertLead(t.db, { phone: '(214) 555-0100', status: 'Won', sms_opted_out_at: new Date() });
      const leadId = (
        await agent
          .post('/api/leads')
          .send({ ...VALID_QUOTE, smsConsent: true, email: 'new@example.com' })
          .expect(201)
      ).body.id as string;
      const run = await skippedRun(leadId);
      expect(run).toMatchObject({ outcome: `SMS to ${VALID_QUOTE.phone} ${SMS_REFUSALS.optedOut}` });
      expect(h.sms.received).toHaveLength(0);
    });
  });

  it('a refused delivery is retried with back-off, then shows as failed on the run, the outbox and the lead', async () => {
    h.smtp.refuseWith = { message: 'Mailbox temporarily unavailable' };
    const template = await welcomeEmail();
    await createRule({ trigger: 'lead_created', actions: { type: 'send_email', templateId: template.id } });
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;

    const [run] = await waitFor(async () => {
      const runs = await runsOfLead(leadId);
      return runs[0]?.status === 'failed' && runs;
    }, 20_000);
    expect(run?.attempts).toBe(2);
    expect(run?.error).toContain('Mailbox temporarily unavailable');
    const outbox = (await agent.get('/api/admin/outbox?status=failed').expect(200)).body as OutboxMessage[];
    expect(outbox).toMatchObject([{ leadId, status: 'failed', attempts: 2 }]);
    expect(outbox[0]?.reason).toContain('Mailbox temporarily unavailable');
    expect(h.smtp.received).toHaveLength(0);
  });

  it('a rule whose template was deleted fails at once, with a reason', async () => {
    const template = await welcomeEmail();
    await createRule({ trigger: 'lead_created', actions: { type: 'send_email', templateId: template.id } });
    await agent.delete(`/api/admin/templates/${template.id}`).expect(204);
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const [run] = await settledRuns(leadId, 1);
    expect(run).toMatchObject({ status: 'failed', attempts: 1, error: 'The template of this rule no longer exists' });
  });

  describe('time-based triggers on a controlled clock', () => {
    it('no_activity fires once per lead per period of silence, counted from the last activity', async () => {
      const start = new Date('2025-06-02T12:00:00Z');
      await createRule({
        trigger: 'no_activity',
        conditions: { days: 3 },
        actions: { type: 'create_task', title: 'Check in', dueInHours: 4 },
      });
      const quiet = await insertLead(t.db, { created_at: start });
      await insertLead(t.db, { created_at: start, status: 'Won' });
      const fresh = await insertLead(t.db, { created_at: new Date(start.getTime() + 2 * DAY) });

      t.clock.now = new Date(start.getTime() + 2 * DAY);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
      t.clock.now = new Date(start.getTime() + 3 * DAY + 60_000);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(1);
      await settledRuns(quiet, 1);
      // Every minute after: nothing new for the same silence.
      expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
      expect(await countRows(t.db, 'automation_runs')).toBe(1);
      // The task the rule created is activity: the next nudge is three days after it.
      t.clock.now = new Date(start.getTime() + 5 * DAY + 60_000);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(1); // only `fresh`
      await settledRuns(fresh, 1);
      expect(await runsOfLead(quiet)).toHaveLength(1);
    });

    it('follow_up_due fires once per nextFollowUpAt value', async () => {
      t.clock.now = new Date('2025-06-10T12:00:00Z');
      const template = await welcomeEmail();
      await createRule({
        trigger: 'follow_up_due',
        conditions: { priority: 'High' },
        actions: { type: 'send_email', templateId: template.id },
      });
      const due = await insertLead(t.db, { priority: 'High', next_follow_up_at: new Date('2025-06-10T11:00:00Z') });
      await insertLead(t.db, { priority: 'Low', next_follow_up_at: new Date('2025-06-10T11:00:00Z') });
      await insertLead(t.db, { priority: 'High', next_follow_up_at: new Date('2025-06-10T13:00:00Z') });

      expect(await h.engine.engine.scanTimeTriggers()).toBe(1);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(0);
      await settledRuns(due, 1);
      expect(h.smtp.received).toHaveLength(1);

      await agent.patch(`/api/admin/leads/${due}`).send({ nextFollowUpAt: '2025-06-10T11:30:00.000Z' }).expect(200);
      expect(await h.engine.engine.scanTimeTriggers()).toBe(1);
      await settledRuns(due, 2);
      expect(h.smtp.received).toHaveLength(2);
    });
  });

  describe('preview (dry run)', () => {
    it('lists the leads the rule would act on and renders the first message, sending and writing nothing', async () => {
      t.clock.now = new Date('2025-06-10T12:00:00Z');
      const template = await welcomeEmail();
      await insertLead(t.db, { first_name: 'Olga', created_at: new Date('2025-06-01T12:00:00Z') });
      await insertLead(t.db, { first_name: 'Pia', created_at: new Date('2025-06-05T12:00:00Z') });
      await insertLead(t.db, { first_name: 'Recent', created_at: new Date('2025-06-09T12:00:00Z') });
      const before = await Promise.all(
        ['activities', 'automation_runs', 'automation_messages'].map((table) => countRows(t.db, table)),
      );

      const response = await agent
        .post('/api/admin/automations/preview')
        .send({
          name: 'Unsaved',
          trigger: 'no_activity',
          conditions: JSON.stringify({ days: 3 }),
          actions: JSON.stringify({ type: 'send_email', templateId: template.id }),
        })
        .expect(200);
      const preview = response.body as AutomationPreview;
      expect(preview.total).toBe(2);
      expect(preview.leads.map((lead) => lead.name)).toEqual(['Olga Lead', 'Pia Lead']);
      expect(preview.firstAction).toMatchObject({
        type: 'send_email',
        to: 'test.lead@example.com',
        subject: 'Welcome, Olga!',
      });

      await drainEngines(h.engine.engine);
      expect(h.smtp.received).toHaveLength(0);
      const after = await Promise.all(
        ['activities', 'automation_runs', 'automation_messages'].map((table) => countRows(t.db, table)),
      );
      expect(after).toEqual(before);
    });

    it('refuses a bad rule with a clear message', async () => {
      const response = await agent
        .post('/api/admin/automations/preview')
        .send({ name: 'x', trigger: 'lead_created', actions: '{"type":"send_email"}' })
        .expect(400);
      expect(response.body.message).toContain('Choose an email template');
    });

    it('says so when the chosen template does not exist', async () => {
      await insertLead(t.db);
      const response = await agent
        .post('/api/admin/automations/preview')
        .send({
          name: 'x',
          trigger: 'lead_created',
          actions: JSON.stringify({ type: 'send_email', templateId: '00000000-0000-4000-8000-000000000000' }),
        })
        .expect(400);
      expect(response.body.message).toBe('The template of this rule no longer exists');
    });
  });
});
