// Calls to the company number (docs/requirements.md#missed-calls), through the voice webhooks signed as
// the provider signs them, with the SMS stand-in of the automation tests receiving the texts back: the
// ring goes to the person on duty, a missed call is texted once per number in 12 hours (never after
// STOP), lands in the Calls list, My Day and the bell, and on a known lead's timeline; an answered call
// sends nothing; a callback the provider repeats is taken once.
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { SMS_REFUSALS } from '@shine/shared/sms-consent';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendStrandedCallTexts, TOO_LATE_TO_TEXT } from '../src/calls/voice-calls.service.ts';
import { twilioSignature } from '../src/http/twilio-signature.ts';
import { startSmsApi, type TestSmsApi, waitFor } from './support/automation-engine.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import { describeApi, insertLead, signIn, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const TOKEN = 'voice-webhook-test-token';
const ORIGIN = 'https://shine.example.com';
const ON_DUTY_PHONE = '+12145550142';
const STRANGER = '+12145550177';
const DIAL_ACTION = `${ORIGIN}/api/webhooks/voice/status`;

/** The next Monday from now at 16:00 UTC: 10:00 or 11:00 in Dallas, open. */
function nextMondayMorning(): Date {
  const now = new Date();
  const days = (8 - now.getUTCDay()) % 7 || 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 16));
}

describeApi('missed-call text-back', () => {
  // The app reads its environment when the file's app is built: the stand-in starts first.
  const env: Record<string, string> = {
    PUBLIC_ORIGIN: ORIGIN,
    ALLOWED_HOSTS: '127.0.0.1',
    SMS_AUTH_TOKEN: TOKEN,
    SMS_ACCOUNT_SID: 'AC123',
    SMS_FROM: '+12145550000',
  };
  let sms: TestSmsApi;
  beforeAll(async () => {
    sms = await startSmsApi();
    env.SMS_API_URL = sms.url;
  });
  afterAll(async () => {
    await sms?.close();
  });
  const t = useTestApp({ env });
  let ana: string;
  let sid = 0;

  beforeEach(async () => {
    sms.received.length = 0;
    sms.refuseWith = undefined;
    await t.db('company_settings').delete();
    await resetTeam(t.db);
    ana = await addStaff(t.db, { email: 'ana.calls@example.com', role: 'sales', name: 'Ana Diaz' });
    await t.db('users').where({ id: ana }).update({ phone: ON_DUTY_PHONE });
    const agent = await t.agent();
    await agent
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(ana) })
      .expect(200);
    t.clock.now = nextMondayMorning();
  });

  const newSid = () => `CA${String(++sid).padStart(32, '0')}`;
  const post = (path: string, params: Record<string, string>, signed = true) => {
    const request = supertest(t.app).post(path).type('form');
    if (signed) request.set('x-twilio-signature', twilioSignature(TOKEN, `${ORIGIN}${path}`, params));
    return request.send(params);
  };
  const ring = (params: Record<string, string>) => post('/api/webhooks/voice', { To: '+12145550000', ...params });
  const dialEnded = (params: Record<string, string>) =>
    post('/api/webhooks/voice/status', { To: '+12145550000', ...params });
  /** A call from `from` that rang and was not answered; answers the status callback's response. */
  const missedCall = async (from: string) => {
    const CallSid = newSid();
    await ring({ CallSid, From: from }).expect(200);
    return dialEnded({ CallSid, From: from, DialCallStatus: 'no-answer', DialCallDuration: '0' }).expect(200);
  };
  const textsTo = (phone: string) => sms.received.filter((text) => text.form.To === phone);
  const callOf = (callSid: string) => t.db('calls').where({ call_sid: callSid }).first();

  it('refuses an unsigned or wrongly signed call with 403, on both webhooks', async () => {
    const params = { CallSid: newSid(), From: STRANGER };
    await post('/api/webhooks/voice', params, false).expect(403);
    await post('/api/webhooks/voice/status', { ...params, DialCallStatus: 'no-answer' }, false).expect(403);
    await supertest(t.app)
      .post('/api/webhooks/voice')
      .type('form')
      .set('x-twilio-signature', twilioSignature('another-token', `${ORIGIN}/api/webhooks/voice`, params))
      .send(params)
      .expect(403);
    expect(await t.db('calls').select('id')).toEqual([]);
  });

  it('rings the on-duty person’s alert phone, then the escalation contact’s, for the set time', async () => {
    const cara = await addStaff(t.db, { email: 'cara.calls@example.com', role: 'admin', name: 'Cara' });
    await t.db('users').where({ id: cara }).update({ phone: '+12145550155' });
    await (await t.agent())
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(ana), escalateTo: cara })
      .expect(200);
    await (await t.agent())
      .put('/api/admin/settings/calls')
      .send({ ringSeconds: 25, textTemplate: 'Missed you! {quote link}' })
      .expect(200);
    const response = await ring({ CallSid: newSid(), From: STRANGER }).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.text).toContain(
      `<Response><Dial timeout="25" action="${DIAL_ACTION}"><Number>${ON_DUTY_PHONE}</Number><Number>+12145550155</Number></Dial></Response>`,
    );
    expect(sms.received).toHaveLength(0);
  });

  it('texts a stranger’s missed call once, lists it in Calls and in the on-duty person’s My Day, and tells them', async () => {
    const response = await missedCall(STRANGER);
    // Nobody answered: the caller may leave a message, whose recording is posted back to the status hook.
    expect(response.text).toMatch(new RegExp(`<Record [^>]*action="${DIAL_ACTION}"`));
    await waitFor(async () => textsTo(STRANGER).length === 1);
    expect(textsTo(STRANGER)[0]?.form.Body).toBe(
      `Sorry we missed your call! Get your free quote in 2 minutes: ${ORIGIN}/quote, or reply here and we’ll call you back.`,
    );

    // A second call within 12 hours: no second text.
    t.clock.now = new Date((t.clock.now as Date).getTime() + 11 * 3_600_000);
    await missedCall(STRANGER);
    const [first, second] = await t.db('calls').orderBy('started_at').select('text_status', 'text_reason');
    expect(first).toMatchObject({ text_status: 'sent' });
    expect(second).toMatchObject({ text_status: 'skipped', text_reason: expect.stringMatching(/12 hours/) });
    expect(textsTo(STRANGER)).toHaveLength(1);

    const agent = await t.agent();
    const calls = (await agent.get('/api/admin/calls?status=missed').expect(200)).body;
    expect(calls.total).toBe(2);
    expect(calls.items[0]).toMatchObject({ from: STRANGER, status: 'missed', leadId: null, leadName: null });

    const salesperson = await signIn(t.app, { username: 'ana.calls@example.com', password: STAFF_PASSWORD });
    const day = (await salesperson.get('/api/admin/my-day').expect(200)).body;
    const callBacks = day.sections.find((section: { key: string }) => section.key === 'callBacks');
    expect(callBacks.items).toHaveLength(2);
    expect(callBacks.items[0]).toMatchObject({ kind: 'call_back', phone: STRANGER, leadId: null });
    const bell = (await salesperson.get('/api/admin/notifications').expect(200)).body;
    expect(bell.items.filter((item: { kind: string }) => item.kind === 'missed_call')).toHaveLength(2);

    // Called back: off My Day.
    await salesperson.post(`/api/admin/calls/${callBacks.items[0].callId}/called-back`).expect(200);
    const after = (await salesperson.get('/api/admin/my-day').expect(200)).body;
    expect(after.counts.callBacks).toBe(1);

    // Thirteen hours after the first text: texted again.
    t.clock.now = new Date((t.clock.now as Date).getTime() + 2 * 3_600_000);
    await missedCall(STRANGER);
    await waitFor(async () => textsTo(STRANGER).length === 2);
  });

  it('puts a lead’s missed call on its timeline and its thread, and tells its assignee', async () => {
    const ben = await addStaff(t.db, { email: 'ben.calls@example.com', role: 'sales', name: 'Ben' });
    const leadId = await insertLead(t.db, { phone: '(214) 555-0188', assigned_to: ben });
    await missedCall('+12145550188');
    await waitFor(async () => textsTo('+12145550188').length === 1);
    const timeline = await t.db('activities').where({ lead_id: leadId }).select('subject', 'description');
    expect(timeline).toEqual([
      { subject: 'Missed call', description: expect.stringContaining('+12145550188 called and nobody answered') },
    ]);
    await waitFor(async () =>
      (await t.db('conversation_messages').where({ lead_id: leadId, direction: 'out' }).first())?.status === 'sent'
        ? true
        : undefined,
    );
    expect(await t.db('notifications').where({ kind: 'missed_call' }).pluck('user_id')).toEqual([ben]);
    const calls = (await (await t.agent()).get('/api/admin/calls').expect(200)).body;
    expect(calls.items[0]).toMatchObject({ leadId, leadName: 'Test Lead', status: 'missed' });
  });

  it('never texts a number that sent STOP', async () => {
    const stop = { MessageSid: `SM${newSid()}`, From: STRANGER, To: '+12145550000', Body: 'STOP' };
    await post('/api/webhooks/sms', stop).expect(200);
    await missedCall(STRANGER);
    const [call] = await t.db('calls').select('text_status', 'text_reason');
    expect(call).toEqual({ text_status: 'skipped', text_reason: SMS_REFUSALS.optedOut });
    // The missed call is still there to call back.
    expect(await t.db('notifications').where({ kind: 'missed_call' }).pluck('user_id')).toEqual([ana]);
    expect(sms.received).toHaveLength(0);
  });

  it('logs an answered call on the lead as a completed call by the person who answered, and sends nothing', async () => {
    const leadId = await insertLead(t.db, { phone: '214-555-0166' });
    const CallSid = newSid();
    await ring({ CallSid, From: '+12145550166' }).expect(200);
    const response = await dialEnded({
      CallSid,
      From: '+12145550166',
      DialCallStatus: 'completed',
      DialCallDuration: '200',
    }).expect(200);
    expect(response.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await callOf(CallSid)).toMatchObject({ status: 'answered', duration_seconds: 200, text_status: null });
    const [activity] = await t.db('activities').where({ lead_id: leadId }).select('*');
    expect(activity).toMatchObject({ type: 'call', status: 'completed', outcome: 'reached', user_id: ana });
    expect(activity?.description).toContain('answered by Ana Diaz; 3 min 20 s');
    expect(sms.received).toHaveLength(0);
    expect(await t.db('notifications').where({ kind: 'missed_call' })).toEqual([]);
  });

  it('takes a repeated status callback once, even for a call whose ring it never saw', async () => {
    const CallSid = newSid();
    const params = { CallSid, From: STRANGER, DialCallStatus: 'busy', DialCallDuration: '0' };
    const answers = await Promise.all([dialEnded(params), dialEnded(params), dialEnded(params)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await waitFor(async () => textsTo(STRANGER).length === 1);
    expect(await t.db('calls').where({ call_sid: CallSid })).toHaveLength(1);
    expect(await t.db('notifications').where({ kind: 'missed_call' })).toHaveLength(1);
    // The voicemail's recording lands on the call, once.
    const recording = { CallSid, From: STRANGER, RecordingUrl: 'https://api.twilio.example/Recordings/RE1' };
    await dialEnded(recording).expect(200);
    await dialEnded({ ...recording, RecordingUrl: 'https://api.twilio.example/Recordings/RE2' }).expect(200);
    expect(await callOf(CallSid)).toMatchObject({
      status: 'voicemail',
      recording_url: 'https://api.twilio.example/Recordings/RE1',
    });
    const voicemails = (await (await t.agent()).get('/api/admin/calls?status=voicemail').expect(200)).body;
    expect(voicemails.items).toEqual([
      expect.objectContaining({ recordingUrl: 'https://api.twilio.example/Recordings/RE1', from: STRANGER }),
    ]);
    expect(textsTo(STRANGER)).toHaveLength(1);
  });

  it('records a provider’s refusal (a landline) on the call and does not try again within 12 hours', async () => {
    sms.refuseWith = { status: 400, message: 'The To number is not a mobile number' };
    await missedCall(STRANGER);
    const refused = await waitFor(async () => {
      const row = await t.db('calls').first('text_status', 'text_reason');
      return row?.text_status === 'failed' ? row : undefined;
    });
    expect(refused.text_reason).toContain('not a mobile number');
    sms.refuseWith = undefined;
    await missedCall(STRANGER);
    const [, second] = await t.db('calls').orderBy('call_sid').select('text_status');
    expect(second).toEqual({ text_status: 'skipped' });
    expect(sms.received).toHaveLength(0);
  });

  it('links a stranger’s call to the lead their quote request from the text makes', async () => {
    await missedCall(STRANGER);
    const agent = await t.agent();
    expect((await agent.get('/api/admin/calls').expect(200)).body.items[0]).toMatchObject({ leadId: null });
    const lead = (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, phone: '(214) 555-0177' })
        .expect(201)
    ).body;
    const [call] = (await agent.get('/api/admin/calls').expect(200)).body.items;
    expect(call).toMatchObject({ leadId: lead.id, leadName: 'Ann Lee' });
  });

  it('sends a text a stopped process left pending, once, and not at all once the call is old', async () => {
    const sendSms = (message: { to: string; body: string }) =>
      fetch(`${sms.url}/2010-04-01/Accounts/AC123/Messages.json`, {
        method: 'POST',
        body: new URLSearchParams({ To: message.to, Body: message.body }),
      }).then(() => 'SM-swept');
    // The process answered the provider and stopped before the send: the texts wait, pending.
    const at = t.clock.now as Date;
    await t.db('calls').insert([
      { call_sid: newSid(), from_phone: STRANGER, from_digits: '2145550177', started_at: at },
      { call_sid: newSid(), from_phone: '+12145550178', from_digits: '2145550178', started_at: at },
    ]);
    await t.db('calls').update({
      status: 'missed',
      outcome_at: at,
      text_status: 'pending',
      text_body: 'Sorry we missed you',
      text_at: at,
    });
    await t
      .db('calls')
      .where({ from_phone: '+12145550178' })
      .update({ text_at: new Date(at.getTime() - 20 * 60_000) });

    // Within a minute of the text nothing is sent (its first sender may still be at it); the old one is too late.
    expect(await sendStrandedCallTexts({ db: t.db, sendSms }, new Date(at.getTime() + 30_000))).toBe(1);
    expect(sms.received).toHaveLength(0);
    const later = new Date(at.getTime() + 2 * 60_000);
    await Promise.all([
      sendStrandedCallTexts({ db: t.db, sendSms }, later),
      sendStrandedCallTexts({ db: t.db, sendSms }, later),
    ]);
    expect(sms.received.map((text) => text.form.To)).toEqual([STRANGER]);
    expect(await t.db('calls').orderBy('from_phone').select('text_status', 'text_reason')).toEqual([
      { text_status: 'sent', text_reason: null },
      { text_status: 'not_sent', text_reason: TOO_LATE_TO_TEXT },
    ]);
  });

  describe('outside business hours', () => {
    it('goes straight to voicemail and texts back at once', async () => {
      // Sunday: closed all day.
      t.clock.now = new Date(nextMondayMorning().getTime() - 86_400_000);
      const response = await ring({ CallSid: newSid(), From: STRANGER }).expect(200);
      expect(response.text).not.toContain('<Dial');
      expect(response.text).toContain('<Record');
      await waitFor(async () => textsTo(STRANGER).length === 1);
    });
  });
});
