// POST /api/webhooks/sms on the real HTTP stack (docs/requirements.md#inbound-sms): Twilio's
// signature (valid, tampered, replayed with other parameters, unsigned), the keywords, matching the
// sender to a lead, and an unknown number becoming a lead with source "SMS".
import { SMS_REFUSALS } from '@shine/shared/sms-consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_DETAILS_SETTINGS } from '@shine/shared/company-settings';
import { smsHelpReply } from '../src/conversations/sms-inbound.service.ts';
import { twilioSignature } from '../src/http/twilio-signature.ts';
import { listenOn } from './support/live-client.ts';
import { countRows, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const TOKEN = 'sms-webhook-test-token';
const ORIGIN = 'https://shine.example.com';
const URL_SIGNED = `${ORIGIN}/api/webhooks/sms`;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe('twilioSignature', () => {
  it("matches Twilio's documented example", () => {
    // https://www.twilio.com/docs/usage/security#validating-requests (token 12345).
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });
});

describeApi('SMS webhook', () => {
  const t = useTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1', SMS_AUTH_TOKEN: TOKEN } });
  let http: Awaited<ReturnType<typeof listenOn>>;
  let sid = 0;
  beforeAll(async () => {
    http = await listenOn(t.app);
  });
  afterAll(async () => {
    await http?.close();
  });

  const form = (overrides: Record<string, string> = {}) => ({
    MessageSid: `SM${String(++sid).padStart(32, '0')}`,
    AccountSid: 'AC123',
    From: '+12145550123',
    To: '+12145550000',
    Body: 'Is Tuesday still open?',
    ...overrides,
  });
  const post = (params: Record<string, string>, signature: string | undefined) =>
    fetch(`${http.baseUrl}/api/webhooks/sms`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      },
      body: new URLSearchParams(params),
    });
  const signedPost = (params: Record<string, string>) => post(params, twilioSignature(TOKEN, URL_SIGNED, params));
  const messagesOf = (leadId: string) => t.db('conversation_messages').where({ lead_id: leadId }).orderBy('at');

  describe('signature', () => {
    it('accepts a signed call, answers empty TwiML and files the text on the lead', async () => {
      const leadId = await insertLead(t.db, { phone: '(214) 555-0123' });
      const params = form();
      const response = await signedPost(params);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
      expect(await response.text()).toBe(EMPTY_TWIML);
      expect(await messagesOf(leadId)).toMatchObject([
        { channel: 'sms', direction: 'in', body: 'Is Tuesday still open?', external_id: params.MessageSid },
      ]);
    });

    it('refuses an unsigned call, a wrong signature, a tampered body and a replay with other parameters', async () => {
      await insertLead(t.db, { phone: '(214) 555-0123' });
      const params = form();
      const signature = twilioSignature(TOKEN, URL_SIGNED, params);
      const refused = [
        await post(params, undefined),
        await post(params, twilioSignature('another-token', URL_SIGNED, params)),
        await post({ ...params, Body: 'STOP' }, signature),
        await post({ ...params, MessageSid: 'SM-other' }, signature),
        await post({ ...params, Extra: '1' }, signature),
        await post(params, twilioSignature(TOKEN, `${ORIGIN}/api/webhooks/other`, params)),
      ];
      expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(await countRows(t.db, 'conversation_messages')).toBe(0);
      // The genuine call still goes through.
      expect((await post(params, signature)).status).toBe(200);
    });

    it('stores a text the provider sends twice once', async () => {
      const leadId = await insertLead(t.db, { phone: '214.555.0123' });
      const params = form();
      expect((await signedPost(params)).status).toBe(200);
      expect((await signedPost(params)).status).toBe(200);
      expect(await messagesOf(leadId)).toHaveLength(1);
    });
  });

  describe('keywords', () => {
    it('STOP (any synonym, any case) opts the number out of every lead; START opts it back in', async () => {
      const open = await insertLead(t.db, {
        phone: '(214) 555-0123',
        sms_consent_at: new Date(),
        sms_consent_text: 'x',
      });
      const closed = await insertLead(t.db, { phone: '2145550123', status: 'Lost' });
      for (const word of ['stop', 'Unsubscribe', ' QUIT ', 'end.', 'cancel', 'StopAll']) {
        expect(await (await signedPost(form({ Body: word }))).text()).toBe(EMPTY_TWIML);
        const rows = await t.db('leads').whereIn('id', [open, closed]).select('sms_opted_out_at');
        expect(rows.every((row) => row.sms_opted_out_at !== null)).toBe(true);
        await signedPost(form({ Body: 'start' }));
        const after = await t.db('leads').whereIn('id', [open, closed]).select('sms_opted_out_at');
        expect(after.every((row) => row.sms_opted_out_at === null)).toBe(true);
      }
      await signedPost(form({ Body: 'UNSTOP' }));
      expect((await messagesOf(open)).length).toBe(13);
    });

    it('a replayed START (same MessageSid) after a STOP does not opt the number back in, nor a replayed STOP out', async () => {
      const leadId = await insertLead(t.db, { phone: '(214) 555-0123' });
      const optedOut = async () =>
        (await t.db('leads').where({ id: leadId }).first('sms_opted_out_at'))?.sms_opted_out_at;
      const start = form({ Body: 'START' });
      expect((await signedPost(start)).status).toBe(200);
      expect((await signedPost(form({ Body: 'STOP' }))).status).toBe(200);
      expect(await optedOut()).not.toBeNull();
      // A captured, validly signed START sent again: the duplicate is known, its keyword is not acted on.
      expect(await (await signedPost(start)).text()).toBe(EMPTY_TWIML);
      expect(await optedOut()).not.toBeNull();
      const stop = form({ Body: 'STOP' });
      await signedPost(stop);
      await signedPost(form({ Body: 'START' }));
      expect(await optedOut()).toBeNull();
      await signedPost(stop);
      expect(await optedOut()).toBeNull();
      expect(await messagesOf(leadId)).toHaveLength(4);
    });

    it('a keyword inside a sentence is a message, not a keyword', async () => {
      const leadId = await insertLead(t.db, { phone: '(214) 555-0123' });
      await signedPost(form({ Body: 'Please stop by at 10' }));
      expect((await t.db('leads').where({ id: leadId }).first('sms_opted_out_at'))?.sms_opted_out_at).toBeNull();
    });

    it('HELP answers with the company contact line, under the name saved in the company details', async () => {
      await insertLead(t.db, { phone: '(214) 555-0123' });
      const xml = (reply: string) => `<Message>${reply.replace(/&/g, '&amp;')}</Message>`;
      const before = await (await signedPost(form({ Body: 'help' }))).text();
      expect(before).toContain(xml(smsHelpReply(DEFAULT_COMPANY_DETAILS_SETTINGS.name)));
      const agent = await t.agent();
      await agent
        .put('/api/admin/settings/company')
        .send({ name: 'Shine & Sons', postalAddress: '1 Elm St, Plano, TX 75023' })
        .expect(200);
      try {
        const after = await (await signedPost(form({ Body: 'HELP' }))).text();
        expect(after).toContain(xml(smsHelpReply('Shine & Sons')));
        expect(after).toContain('Shine &amp; Sons: quotes and bookings.');
      } finally {
        await t.db('company_settings').where({ key: 'company' }).delete();
      }
    });

    it('after STOP, an automated text is refused for the reason that the number opted out', async () => {
      const leadId = await insertLead(t.db, {
        phone: '(214) 555-0123',
        sms_consent_at: new Date(),
        sms_consent_text: 'x',
      });
      await signedPost(form({ Body: 'STOP' }));
      const lead = await (await t.agent()).get(`/api/admin/leads/${leadId}`).expect(200);
      expect(lead.body.smsOptedOutAt).not.toBeNull();
      const { automatedSmsRefusal } = await import('@shine/shared/sms-consent');
      expect(automatedSmsRefusal(lead.body)).toBe(SMS_REFUSALS.optedOut);
    });
  });

  describe('matching the sender', () => {
    it('files the text on the most recent open lead and notes the others there', async () => {
      const older = await insertLead(t.db, {
        phone: '214-555-0123',
        last_request_at: new Date('2026-01-01T00:00:00Z'),
      });
      const newer = await insertLead(t.db, {
        phone: '+1 214 555 0123',
        last_request_at: new Date('2026-02-01T00:00:00Z'),
      });
      const won = await insertLead(t.db, { phone: '2145550123', status: 'Won', last_request_at: new Date() });
      await signedPost(form());
      expect(await messagesOf(newer)).toHaveLength(1);
      expect(await messagesOf(older)).toHaveLength(0);
      const note = await t
        .db('activities')
        .where({ lead_id: newer, subject: 'The texting number also belongs to other leads' })
        .first();
      expect(note?.description).toContain(older);
      expect(note?.description).toContain(won);
    });

    it('an unknown number becomes a lead with source SMS, once for several texts', async () => {
      await signedPost(form({ From: '+19725550177' }));
      await signedPost(form({ From: '+19725550177', Body: 'Hello?' }));
      const [lead, ...more] = await t.db('leads').where({ source: 'SMS' });
      expect(more).toHaveLength(0);
      expect(lead).toMatchObject({ phone: '+19725550177', status: 'New' });
      expect(await messagesOf(lead?.id ?? '')).toHaveLength(2);
    });
  });

  it('refuses a call missing From or MessageSid with 400', async () => {
    const params = { Body: 'hi', AccountSid: 'AC123' };
    expect((await signedPost(params)).status).toBe(400);
  });
});
