// Speed to lead (docs/decisions.md, "Speed to lead: on duty and escalation"): the company's
// settings, the on-duty alert of each new lead and the escalation of an unanswered one, delivered
// by the automation engine to a real SMTP server and a local Twilio-compatible SMS API, on a pinned
// clock for everything that depends on the hour.
import type { SpeedToLeadSettings, SpeedToLeadSettingsView } from '@shine/shared/speed-to-lead';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import type { Activity, Lead } from '@shine/shared/types';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  drainEngines,
  openSecondPool,
  startTestEngine,
  transportEnv,
  useDeliveringEngine,
} from './support/automation-engine.ts';
import { addStaff, resetTeam } from './support/team.ts';
import { type Agent, describeApi, insertLead, signIn, VALID_QUOTE } from './support/test-app.ts';

/** Monday 23 November 2026, 10:00 in Dallas (CST, UTC−6). */
const MONDAY_10AM = new Date('2026-11-23T16:00:00Z');
const MINUTE = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

describeApi('speed-to-lead alerts', () => {
  // TRUST_PROXY: the tests of the alert budget send quotes from several client addresses.
  const h = useDeliveringEngine({ env: { AUTOMATION_RETRY_LIMIT: '1' }, appEnv: { TRUST_PROXY: 'true' } });
  const { t } = h;
  let agent: Agent;
  let ana: string;
  let bo: string;

  beforeEach(async () => {
    await t.db('company_settings').delete();
    await resetTeam(t.db);
    agent = await t.agent();
    ana = await addStaff(t.db, { email: 'ana.diaz@example.com', role: 'sales', name: 'Ana Diaz' });
    bo = await addStaff(t.db, { email: 'bo.owner@example.com', role: 'admin', name: 'Bo Owner' });
    await t.db('users').where({ id: ana }).update({ phone: '(214) 555-0101' });
    await t.db('users').where({ id: bo }).update({ phone: '(214) 555-0202' });
  });

  /** Ana on duty on weekdays and Saturday, Bo the escalation contact, both channels. */
  const weekdaysAna = (overrides: Partial<SpeedToLeadSettings> = {}): SpeedToLeadSettings => ({
    ...DEFAULT_SPEED_TO_LEAD_SETTINGS,
    enabled: true,
    onDuty: [null, ana, ana, ana, ana, ana, ana],
    escalateTo: bo,
    ...overrides,
  });
  const save = async (settings: SpeedToLeadSettings) => {
    const response = await agent.put('/api/admin/settings/lead-alerts').send(settings);
    expect(response.status, response.text).toBe(200);
    return response.body as SpeedToLeadSettingsView;
  };
  /** Saves the settings as of `when` (alerts cover leads from the moment they are switched on). */
  const saveAt = async (when: Date, settings: SpeedToLeadSettings) => {
    t.clock.now = when;
    return save(settings);
  };
  const timelineOf = async (leadId: string) =>
    ((await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[]).map((a) => a.subject);
  const leadOf = async (leadId: string) => (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead;
  /** Runs the scan as of `when` and waits until everything it queued is done. */
  const scanAt = async (when: Date) => {
    t.clock.now = when;
    await drainEngines(h.engine.engine);
  };
  const newLeadAt = (when: Date, overrides: Record<string, unknown> = {}) =>
    insertLead(t.db, {
      first_name: 'Cara',
      last_name: 'Moss',
      phone: '(469) 555-0177',
      created_at: when,
      ...overrides,
    });
  const smsTo = (phone: string) => h.sms.received.filter((message) => message.form.To === phone);

  describe('settings', () => {
    it('start switched off, and an admin saves them with an audit row', async () => {
      const initial = (await agent.get('/api/admin/settings/lead-alerts').expect(200)).body as SpeedToLeadSettingsView;
      expect(initial).toEqual({ settings: DEFAULT_SPEED_TO_LEAD_SETTINGS, enabledAt: null, warnings: [] });

      t.clock.now = MONDAY_10AM;
      const saved = await save(weekdaysAna());
      expect(saved.settings).toEqual(weekdaysAna());
      expect(saved.enabledAt).toBe(MONDAY_10AM.toISOString());
      // Saved again later: alerts were already on, so they still cover leads from the first moment.
      t.clock.now = at(MONDAY_10AM, 30);
      expect((await save(weekdaysAna({ escalateAfterMinutes: 10 }))).enabledAt).toBe(MONDAY_10AM.toISOString());
      expect((await save(weekdaysAna({ enabled: false }))).enabledAt).toBeNull();

      const audit = await t
        .db('audit_log')
        .where({ entity: 'settings' })
        .orderBy('id')
        .select('action', 'before', 'after');
      expect(audit).toHaveLength(3);
      expect(audit[1]).toMatchObject({ before: { escalateAfterMinutes: 5 }, after: { escalateAfterMinutes: 10 } });
    });

    it('refuse people who are not active members of the team, and a switch-on with no channel, changing nothing', async () => {
      const gone = await addStaff(t.db, { email: 'gone@example.com', role: 'sales', disabled: true });
      const unknown = '00000000-0000-4000-8000-000000000000';
      const refused = await agent
        .put('/api/admin/settings/lead-alerts')
        .send(weekdaysAna({ onDuty: [null, ana, gone, ana, ana, ana, null], escalateTo: unknown }));
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([
        { path: 'onDuty.2', message: 'Choose an active member of the team' },
        { path: 'escalateTo', message: 'Choose an active member of the team' },
      ]);
      const noChannel = await agent
        .put('/api/admin/settings/lead-alerts')
        .send(weekdaysAna({ sms: false, email: false }));
      expect(noChannel.status).toBe(400);
      expect(noChannel.body.issues).toEqual([{ path: 'sms', message: 'Choose SMS, e-mail or both' }]);
      expect(await t.db('company_settings').first()).toBeUndefined();
      expect((await agent.get('/api/admin/settings/lead-alerts').expect(200)).body.settings).toEqual(
        DEFAULT_SPEED_TO_LEAD_SETTINGS,
      );
    });

    it('warn of what would keep an alert from going out', async () => {
      await t.db('users').where({ id: ana }).update({ phone: null, away: true });
      const { warnings } = await save(weekdaysAna({ onDuty: [null, ana, ana, null, ana, ana, ana], escalateTo: null }));
      // This app has no transports of its own (the engine's are the test's local servers).
      expect(warnings).toEqual([
        'No SMS provider is configured (SMS_API_URL): SMS alerts stay in the outbox, not sent.',
        'No mail server is configured (SMTP_URL): e-mail alerts stay in the outbox, not sent.',
        'Ana Diaz has no phone number: SMS alerts to them cannot be sent.',
        'Ana Diaz is away: alerts of their days (Monday, Tuesday, Thursday, Friday, Saturday) go to the escalation contact.',
        'Nobody is on duty on Wednesday: only the escalation follows.',
        'No escalation contact: an unanswered lead is only flagged.',
      ]);
    });

    it('are the admins’ alone', async () => {
      const sales = await signIn(t.app, { username: 'ana.diaz@example.com', password: 'correct-horse-battery-staple' });
      expect((await sales.get('/api/admin/settings/lead-alerts')).status).toBe(403);
      const put = await sales
        .put('/api/admin/settings/lead-alerts')
        .set('origin', 'http://127.0.0.1')
        .send(weekdaysAna());
      expect(put.status).toBe(403);
      expect(await t.db('company_settings').first()).toBeUndefined();
    });
  });

  it('a quote from the form alerts the person on duty at once by SMS and e-mail, once, and says so on the timeline', async () => {
    // The real clock: whatever the hour, Ana is on duty every day and out-of-hours quotes count.
    await save(
      weekdaysAna({
        onDuty: [ana, ana, ana, ana, ana, ana, ana],
        outsideBusinessHours: true,
        respectQuietHours: false,
      }),
    );
    // A second process on the same database hears of the same lead and scans at the same time.
    const pool = await openSecondPool(t.db);
    const second = await startTestEngine(pool.db, { env: transportEnv(h.smtp, h.sms) });
    try {
      const created = await agent.post('/api/leads').send(VALID_QUOTE).expect(201);
      const leadId = created.body.id as string;
      const event = await t.db('lead_events').where({ lead_id: leadId }).first('id');
      second.engine.handleLeadEvent({ id: event?.id as string, leadId, trigger: 'lead_created' });
      await Promise.all([h.engine.engine.scanTimeTriggers(), second.engine.scanTimeTriggers()]);
      await drainEngines(h.engine.engine, second.engine);
      await checkOnDutyAlertOf(leadId);
    } finally {
      await second.stop();
      await pool.close();
    }
  });

  /** What the form's quote made: one SMS and one e-mail to Ana (after `before` others), and the timeline says so. */
  async function checkOnDutyAlertOf(leadId: string, before = 0) {
    expect(smsTo('+12145550101')).toHaveLength(before + 1);
    const text = smsTo('+12145550101')[before]?.form.Body ?? '';
    expect(text).toContain('New lead: Ann Lee. Deep cleaning, biweekly, 2 bd / 1.5 ba');
    expect(text).toContain(`Call ${VALID_QUOTE.phone}`);
    expect(text).toContain(`https://shine.example/admin/crm?section=leads&lead=${leadId}`);
    expect(h.smtp.received.map((mail) => mail.to)).toEqual(Array(before + 1).fill(['ana.diaz@example.com']));
    expect(h.smtp.received[before]?.raw).toContain('Subject: New lead: Ann Lee');
    expect(await timelineOf(leadId)).toContain('On-duty alert sent to Ana Diaz (SMS, e-mail)');
    expect(await t.db('lead_alerts').where({ lead_id: leadId })).toMatchObject([{ step: 'on_duty', status: 'sent' }]);
  }

  it('escalation on a pinned clock: after 5 business minutes without an answer, Bo is alerted once and the lead tagged', async () => {
    await saveAt(at(MONDAY_10AM, -60), weekdaysAna());
    const leadId = await newLeadAt(MONDAY_10AM);
    await scanAt(at(MONDAY_10AM, 1));
    expect(smsTo('+12145550101')).toHaveLength(1); // Ana, on duty (caught up by the scan)
    await scanAt(at(MONDAY_10AM, 4));
    expect(smsTo('+12145550202')).toHaveLength(0);

    await scanAt(at(MONDAY_10AM, 5));
    expect(smsTo('+12145550202')).toHaveLength(1);
    expect(smsTo('+12145550202')[0]?.form.Body).toContain('Not answered in 5 min: Cara Moss');
    expect(h.smtp.received.map((mail) => mail.to[0])).toEqual(['ana.diaz@example.com', 'bo.owner@example.com']);
    expect((await leadOf(leadId)).tags).toContain('Escalated');
    expect(await timelineOf(leadId)).toContain(
      'Escalation sent to Bo Owner (SMS, e-mail): not answered in 5 business minutes',
    );

    await scanAt(at(MONDAY_10AM, 30));
    expect(smsTo('+12145550202')).toHaveLength(1);
    expect(h.smtp.received).toHaveLength(2);
  });

  it('a call logged in time, or a status moved on, means no escalation', async () => {
    await saveAt(at(MONDAY_10AM, -60), weekdaysAna());
    const called = await newLeadAt(MONDAY_10AM, { first_name: 'Called' });
    const contacted = await newLeadAt(MONDAY_10AM, { first_name: 'Contacted' });
    t.clock.now = at(MONDAY_10AM, 2);
    await agent
      .post('/api/admin/activities')
      .send({ leadId: called, type: 'call', title: 'Called back', status: 'completed' })
      .expect(201);
    await agent.patch(`/api/admin/leads/${contacted}/status`).send({ status: 'Contacted' }).expect(200);
    await scanAt(at(MONDAY_10AM, 10));
    expect(smsTo('+12145550202')).toHaveLength(0);
    expect(await t.db('lead_alerts').where({ step: 'escalation' })).toHaveLength(0);
  });

  it('counts business minutes only: a quote at 3:58 PM on Saturday escalates at 8:03 AM on Monday', async () => {
    const saturday358 = new Date('2026-11-21T21:58:00Z'); // 3:58 PM CST; Saturday closes at 4
    await saveAt(at(saturday358, -60), weekdaysAna());
    const leadId = await newLeadAt(saturday358);
    await scanAt(at(saturday358, 1));
    expect(smsTo('+12145550101')).toHaveLength(1);
    await scanAt(new Date('2026-11-22T18:00:00Z')); // Sunday noon: closed
    await scanAt(new Date('2026-11-23T14:02:00Z')); // Monday 8:02 AM
    expect(smsTo('+12145550202')).toHaveLength(0);
    await scanAt(new Date('2026-11-23T14:03:00Z')); // Monday 8:03 AM
    expect(smsTo('+12145550202')).toHaveLength(1);
    expect((await leadOf(leadId)).tags).toContain('Escalated');
  });

  it('outside business hours the person on duty is not alerted, unless the settings say so', async () => {
    const sunday11 = new Date('2026-11-22T17:00:00Z');
    await saveAt(at(sunday11, -60), weekdaysAna({ onDuty: [bo, ana, ana, ana, ana, ana, ana] }));
    const quiet = await newLeadAt(sunday11, { first_name: 'Sunday' });
    await scanAt(at(sunday11, 1));
    expect(h.sms.received).toHaveLength(0);
    expect(await timelineOf(quiet)).toContain('On-duty alert not sent: the quote came outside business hours');

    await saveAt(
      at(sunday11, 2),
      weekdaysAna({ onDuty: [bo, ana, ana, ana, ana, ana, ana], outsideBusinessHours: true }),
    );
    const urgent = await newLeadAt(at(sunday11, 3), { first_name: 'Urgent' });
    await scanAt(at(sunday11, 4));
    expect(smsTo('+12145550202')).toHaveLength(1);
    expect(await timelineOf(urgent)).toContain('On-duty alert sent to Bo Owner (SMS, e-mail)');
  });

  it('respects the person’s quiet hours unless the settings say otherwise', async () => {
    const tuesday10pm = new Date('2026-11-25T04:00:00Z'); // Tuesday 22:00 CST
    await t
      .db('users')
      .where({ id: ana })
      .update({ alert_settings: { quietHours: { start: '21:00', end: '07:00' } } });
    const settings = weekdaysAna({ outsideBusinessHours: true });
    await saveAt(at(tuesday10pm, -60), settings);
    const night = await newLeadAt(tuesday10pm, { first_name: 'Night' });
    await scanAt(at(tuesday10pm, 1));
    expect(h.sms.received).toHaveLength(0);
    expect(h.smtp.received).toHaveLength(0);
    expect(await timelineOf(night)).toContain("On-duty alert not sent: it is Ana Diaz's quiet hours");

    await saveAt(at(tuesday10pm, 2), { ...settings, respectQuietHours: false });
    await newLeadAt(at(tuesday10pm, 3), { first_name: 'Owl' });
    await scanAt(at(tuesday10pm, 4));
    expect(smsTo('+12145550101')).toHaveLength(1);
  });

  it('an absent person on duty is skipped: the escalation contact is alerted at once', async () => {
    await t.db('users').where({ id: ana }).update({ away: true });
    await saveAt(at(MONDAY_10AM, -60), weekdaysAna());
    const leadId = await newLeadAt(MONDAY_10AM);
    await scanAt(at(MONDAY_10AM, 1));
    expect(smsTo('+12145550101')).toHaveLength(0);
    expect(smsTo('+12145550202')).toHaveLength(1);
    expect(await timelineOf(leadId)).toContain('On-duty alert sent to Bo Owner (SMS, e-mail)');
  });

  it('a lead entered by hand alerts the person on duty, unless they made it themselves', async () => {
    await saveAt(at(MONDAY_10AM, -60), weekdaysAna());
    t.clock.now = MONDAY_10AM;
    const anaAgent = await signIn(t.app, {
      username: 'ana.diaz@example.com',
      password: 'correct-horse-battery-staple',
    });
    const own = await anaAgent.post('/api/admin/leads').send({ ...VALID_QUOTE, email: 'caller.one@example.com' });
    expect(own.status, own.text).toBe(201);
    await scanAt(at(MONDAY_10AM, 1));
    expect(smsTo('+12145550101')).toHaveLength(0);
    expect(await t.db('lead_alerts').where({ lead_id: own.body.lead.id })).toMatchObject([
      { step: 'on_duty', status: 'not_sent' },
    ]);
    expect(
      (await t.db('activities').where({ lead_id: own.body.lead.id })).map((a) => a.description).join(' '),
    ).toContain('Ana Diaz entered this lead themselves');

    t.clock.now = at(MONDAY_10AM, 2);
    const colleagues = await agent.post('/api/admin/leads').send({
      ...VALID_QUOTE,
      firstName: 'Cara',
      lastName: 'Moss',
      email: 'caller.two@example.com',
      phone: '(469) 555-0177',
    });
    expect(colleagues.status, colleagues.text).toBe(201);
    await scanAt(at(MONDAY_10AM, 3));
    expect(smsTo('+12145550101')).toHaveLength(1);
    expect(smsTo('+12145550101')[0]?.form.Body).toContain('New lead: Cara Moss');
  });

  describe('two people, one phone', () => {
    /** Kevin Reyes's quote, then Maria Gonzalez's with the same phone (his household), on a Monday morning. */
    const KEVIN = { ...VALID_QUOTE, firstName: 'Kevin', lastName: 'Reyes', email: 'kevin@example.com' };
    const MARIA = {
      ...VALID_QUOTE,
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.g@example.com',
      phone: '(214) 555 0100',
      notes: 'Gate code 4411, two dogs.',
    };

    it('a request that shares only the phone is a new lead: its own on-duty alert, assignment and rules', async () => {
      await saveAt(at(MONDAY_10AM, -60), weekdaysAna({ escalateTo: null }));
      await agent
        .post('/api/admin/automations')
        .send({
          name: 'Assign new quotes to Bo',
          trigger: 'lead_created',
          actions: JSON.stringify({ type: 'assign', to: bo }),
        })
        .expect(201);
      t.clock.now = MONDAY_10AM;
      const kevin = (await agent.post('/api/leads').send(KEVIN).expect(201)).body.id as string;
      await scanAt(at(MONDAY_10AM, 1));
      t.clock.now = at(MONDAY_10AM, 2);
      const maria = (await agent.post('/api/leads').send(MARIA).expect(201)).body.id as string;
      await scanAt(at(MONDAY_10AM, 3));

      expect(maria).not.toBe(kevin);
      const texts = smsTo('+12145550101').map((message) => message.form.Body ?? '');
      expect(texts).toHaveLength(2);
      expect(texts[1]).toContain('New lead: Maria Gonzalez');
      expect(await timelineOf(maria)).toContain('On-duty alert sent to Ana Diaz (SMS, e-mail)');
      const mariaLead = await leadOf(maria);
      expect(mariaLead).toMatchObject({
        assignedTo: bo,
        notes: 'Gate code 4411, two dogs.',
        samePhoneLeads: [{ id: kevin, name: 'Kevin Reyes' }],
      });
      expect(await leadOf(kevin)).toMatchObject({
        firstName: 'Kevin',
        repeatCount: 0,
        samePhoneLeads: [{ id: maria, name: 'Maria Gonzalez' }],
      });
    });

    it('a request split off as another person ("This is a different person") gets a new lead’s alerts', async () => {
      await saveAt(at(MONDAY_10AM, -60), weekdaysAna({ escalateTo: null }));
      t.clock.now = MONDAY_10AM;
      const kevin = (await agent.post('/api/leads').send(KEVIN).expect(201)).body.id as string;
      await scanAt(at(MONDAY_10AM, 1));
      // Maria writes from the household's e-mail: taken as Kevin's repeat, no lead of her own.
      t.clock.now = at(MONDAY_10AM, 2);
      await agent
        .post('/api/leads')
        .send({ ...MARIA, email: KEVIN.email })
        .expect(201);
      await scanAt(at(MONDAY_10AM, 3));
      expect((await leadOf(kevin)).repeatCount).toBe(1);
      const { requests } = (await agent.get(`/api/admin/leads/${kevin}`).expect(200)).body as {
        requests: Array<{ id: string }>;
      };
      expect(smsTo('+12145550101').map((message) => message.form.Body ?? '')).toEqual([
        expect.stringContaining('New lead: Kevin Reyes'),
        expect.stringContaining('Repeat request from Kevin Reyes'),
      ]);

      t.clock.now = at(MONDAY_10AM, 10);
      const split = await agent.post(`/api/admin/leads/${kevin}/requests/${requests[1]?.id}/split`).expect(201);
      const maria = split.body.id as string;
      await scanAt(at(MONDAY_10AM, 11));

      const texts = smsTo('+12145550101').map((message) => message.form.Body ?? '');
      expect(texts).toHaveLength(3);
      expect(texts[2]).toContain('New lead: Maria Gonzalez');
      expect(texts[2]).toContain(`https://shine.example/admin/crm?section=leads&lead=${maria}`);
      expect(await timelineOf(maria)).toContain('On-duty alert sent to Ana Diaz (SMS, e-mail)');
      expect(await t.db('lead_alerts').where({ lead_id: maria })).toMatchObject([{ step: 'on_duty', status: 'sent' }]);
      // The bell of the person on duty, as for any new lead.
      expect(await t.db('notifications').where({ user_id: ana, lead_id: maria }).select('kind', 'text')).toEqual([
        { kind: 'new_lead', text: expect.stringContaining('New lead: Maria Gonzalez') },
      ]);
    });

    it('a true repeat alerts the lead’s assignee, "Repeat request from …", once per request', async () => {
      await saveAt(at(MONDAY_10AM, -60), weekdaysAna({ escalateTo: null }));
      t.clock.now = MONDAY_10AM;
      const kevin = (await agent.post('/api/leads').send(KEVIN).expect(201)).body.id as string;
      await scanAt(at(MONDAY_10AM, 1));
      await agent.patch(`/api/admin/leads/${kevin}`).send({ assignedTo: bo }).expect(200);
      // Kevin again, by e-mail in other letters, from another phone.
      t.clock.now = at(MONDAY_10AM, 30);
      await agent
        .post('/api/leads')
        .send({ ...KEVIN, email: 'Kevin@Example.com', phone: '972-555-0142' })
        .expect(201);
      await scanAt(at(MONDAY_10AM, 31));

      const toBo = smsTo('+12145550202').map((message) => message.form.Body ?? '');
      expect(toBo).toHaveLength(1);
      expect(toBo[0]).toContain('Repeat request from Kevin Reyes');
      expect(toBo[0]).toContain(`https://shine.example/admin/crm?section=leads&lead=${kevin}`);
      const mail = h.smtp.received.filter((message) => message.to.includes('bo.owner@example.com'));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.raw).toContain('Subject: Repeat request from Kevin Reyes');
      expect(await timelineOf(kevin)).toContain('Repeat-request alert sent to Bo Owner (SMS, e-mail)');
      expect(await t.db('lead_alerts').where({ lead_id: kevin, step: 'repeat' })).toHaveLength(1);

      // Each repeat is news of its own.
      t.clock.now = at(MONDAY_10AM, 40);
      await agent.post('/api/leads').send(KEVIN).expect(201);
      await scanAt(at(MONDAY_10AM, 41));
      expect(smsTo('+12145550202')).toHaveLength(2);
    });
  });

  it('switched off, or for leads from before it was switched on, nobody is alerted', async () => {
    await newLeadAt(at(MONDAY_10AM, -5), { first_name: 'Before' });
    await saveAt(MONDAY_10AM, weekdaysAna());
    await scanAt(at(MONDAY_10AM, 30));
    expect(h.sms.received).toHaveLength(0);
    expect(await t.db('lead_alerts')).toHaveLength(0);

    await saveAt(at(MONDAY_10AM, 31), weekdaysAna({ enabled: false }));
    await newLeadAt(at(MONDAY_10AM, 32), { first_name: 'Off' });
    await scanAt(at(MONDAY_10AM, 60));
    expect(h.sms.received).toHaveLength(0);
    expect(await t.db('lead_alerts')).toHaveLength(0);
  });

  it('70 quotes from one address leave the alerts on: the next lead from another address is alerted on its own, the flood in one digest', async () => {
    const start = new Date();
    // Every day, any hour; no escalation within this test's half hour (only the on-duty alerts count).
    const everyDay = [ana, ana, ana, ana, ana, ana, ana];
    await saveAt(
      start,
      weekdaysAna({
        onDuty: everyDay,
        outsideBusinessHours: true,
        respectQuietHours: false,
        escalateAfterMinutes: 480,
      }),
    );
    const quoteFrom = async (address: string, quote: Record<string, string>) => {
      const response = await agent
        .post('/api/leads')
        .set('x-forwarded-for', address)
        .send({ ...VALID_QUOTE, ...quote });
      expect(response.status, response.text).toBe(201);
      return response.body.id as string;
    };
    // Each flood lead's name of its own ("Visitor Ab"), so the digest's names can be told apart.
    const floodName = (i: number) => `Visitor ${'ABCDEFGH'[Math.floor(i / 10)]}${'abcdefghij'[i % 10]}`;
    for (let i = 0; i < 70; i++) {
      await quoteFrom('203.0.113.66', {
        firstName: 'Flood',
        lastName: floodName(i),
        email: `flood${i}@example.com`,
        phone: `(469) 555-${String(1000 + i)}`,
        notes: '',
      });
      if (i % 10 === 9) await drainEngines(h.engine.engine);
    }
    const realLead = await quoteFrom('198.51.100.20', {});
    await drainEngines(h.engine.engine);

    // The real person's lead is alerted on its own, as any lead is.
    await checkOnDutyAlertOf(realLead, 3);
    // The flood: three alerts on their own, the rest folded (none dropped, none skipped)...
    const flood = await t.db('lead_alerts').whereNot({ lead_id: realLead });
    expect(flood).toHaveLength(70);
    expect(flood.filter((alert) => alert.status === 'sent')).toHaveLength(3);
    expect(flood.filter((alert) => alert.status === 'folded')).toHaveLength(67);
    const folded = flood.find((alert) => alert.status === 'folded') as { lead_id: string };
    expect(await timelineOf(folded.lead_id)).toContain(
      'On-duty alert folded into a digest: 3 alerts for quotes from the same address went out in the last hour',
    );
    // ...and ten minutes later they go out in one digest that names five of them, and counts the rest.
    await scanAt(at(start, 11));
    const digest = smsTo('+12145550101').slice(4);
    expect(digest).toHaveLength(1);
    const body = digest[0]?.form.Body ?? '';
    expect(body).toMatch(
      /^67 leads new \(digest\)\. (Flood Visitor [A-H][a-j], ){4}Flood Visitor [A-H][a-j] and 62 more\. Too many alerts at once, so these were gathered into this one message\. Open: https:\/\/shine\.example\/admin\/crm\?section=leads$/,
    );
    const named = [...body.matchAll(/Flood Visitor [A-H][a-j]/g)].map((match) => match[0]);
    const foldedRows: Array<{ name: string }> = await t
      .db('leads')
      .whereIn(
        'id',
        flood.filter((alert) => alert.status === 'folded').map((alert) => alert.lead_id),
      )
      .select(t.db.raw("first_name || ' ' || last_name as name"));
    const foldedNames = foldedRows.map((row) => row.name);
    expect(new Set(named).size).toBe(5);
    for (const name of named) expect(foldedNames).toContain(name);
    const mail = h.smtp.received.filter((message) => message.raw.includes('67 leads new (digest)'));
    expect(mail).toHaveLength(1);
    // The e-mail names them too (its quoted-printable lines joined again).
    expect(mail[0]?.raw.replace(/=\r?\n/g, '')).toContain(named.join(', '));
    expect(await t.db('lead_alerts').where({ status: 'folded' })).toHaveLength(0);
    expect(await timelineOf(folded.lead_id)).toContain(
      'On-duty alert sent to Ana Diaz in a digest of 67 leads (SMS, e-mail)',
    );
    await scanAt(at(start, 30));
    expect(smsTo('+12145550101')).toHaveLength(5);
  }, 120_000);
});
