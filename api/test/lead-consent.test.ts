// Consent on a lead (docs/requirements.md#sms-consent): the quote form's SMS consent with its time
// and wording, a repeat request adding it, and the e-mail unsubscribe other features record through
// the leads service.
import { leadDetailSchema } from '@shine/shared/responses/leads';
import { SMS_CONSENT_TEXT } from '@shine/shared/sms-consent';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { unsubscribeLeadEmail } from '../src/leads/leads.service.ts';
import { optInPhoneToSms, optOutPhoneFromSms } from '../src/leads/sms-consent.service.ts';
import { describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

describeApi('lead consent', () => {
  const t = useTestApp();
  const detailOf = async (id: string) =>
    leadDetailSchema.parse((await (await t.agent()).get(`/api/admin/leads/${id}`).expect(200)).body);

  describe('SMS consent from the quote form', () => {
    it('stores when the box was ticked and the exact wording shown', async () => {
      const before = Date.now();
      const { id } = (
        await supertest(t.app)
          .post('/api/leads')
          .send({ ...VALID_QUOTE, smsConsent: true })
          .expect(201)
      ).body;
      const lead = await detailOf(id);
      expect(lead).toMatchObject({ smsOptedOutAt: null, emailUnsubscribedAt: null });
      expect(new Date(lead.smsConsent ?? 0).getTime()).toBeGreaterThanOrEqual(before);
      expect(new Date(lead.smsConsent ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
      expect(await t.db('leads').where({ id }).first('sms_consent_text')).toEqual({
        sms_consent_text: SMS_CONSENT_TEXT,
      });
    });

    it('is no consent when the box is left unticked or absent', async () => {
      for (const quote of [
        VALID_QUOTE,
        { ...VALID_QUOTE, smsConsent: false, email: 'other@example.com', phone: '972-555-0111' },
      ]) {
        const { id } = (await supertest(t.app).post('/api/leads').send(quote).expect(201)).body;
        expect((await detailOf(id)).smsConsent).toBeNull();
      }
    });

    it('refuses a consent that is not true or false, and stores nothing', async () => {
      const response = await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, smsConsent: 'yes' })
        .expect(400);
      expect(response.body.issues).toEqual([{ path: 'smsConsent', message: 'smsConsent must be true or false' }]);
      expect(Number((await t.db('leads').count({ n: '*' }).first())?.n)).toBe(0);
    });

    it('a repeat request adds consent; an unticked repeat withdraws none', async () => {
      const { id } = (await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body;
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, smsConsent: true })
        .expect(201);
      const consent = (await detailOf(id)).smsConsent;
      expect(consent).not.toBeNull();
      await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
      expect((await detailOf(id)).smsConsent).toBe(consent);
    });
  });

  describe('SMS consent of a repeat request', () => {
    const post = (body: object) => supertest(t.app).post('/api/leads').send(body).expect(201);

    it('is kept with each request, with its wording, and on the lead from a true repeat (phone and name)', async () => {
      const { id } = (await post(VALID_QUOTE)).body;
      await post({ ...VALID_QUOTE, email: 'ann@work.example', smsConsent: true });
      const lead = await detailOf(id);
      expect(lead.requests).toHaveLength(2);
      expect(lead.smsConsent).not.toBeNull();
      expect(lead.requests[0]).toMatchObject({ smsConsent: null, smsConsentText: null });
      expect(lead.requests[1]).toMatchObject({ smsConsent: lead.smsConsent, smsConsentText: SMS_CONSENT_TEXT });
    });

    it('never sets consent on another person’s lead of the same phone: it goes on the new lead', async () => {
      const kevin = await insertLead(t.db, { first_name: 'Kevin', last_name: 'Reyes', phone: VALID_QUOTE.phone });
      const maria = (
        await post({
          ...VALID_QUOTE,
          firstName: 'Maria',
          lastName: 'Gonzalez',
          email: 'maria.g@example.com',
          smsConsent: true,
        })
      ).body;
      expect(maria.id).not.toBe(kevin);
      const kevinNow = await detailOf(kevin);
      expect(kevinNow).toMatchObject({ smsConsent: null, repeatCount: 0 });
      expect(await t.db('leads').where({ id: kevin }).first('sms_consent_text')).toEqual({ sms_consent_text: null });
      const mariaLead = await detailOf(maria.id);
      expect(mariaLead.smsConsent).not.toBeNull();
      expect(mariaLead.requests[0]).toMatchObject({
        smsConsent: mariaLead.smsConsent,
        smsConsentText: SMS_CONSENT_TEXT,
      });
    });
  });

  describe('STOP and START of a number', () => {
    it('opts every lead of the number out, whatever its format, and back in', async () => {
      const a = await insertLead(t.db, { phone: '(214) 555-0123' });
      const b = await insertLead(t.db, { phone: '1-214-555-0123', status: 'Won' });
      const other = await insertLead(t.db, { phone: '214-555-0124' });
      const at = new Date('2026-03-02T16:00:00.000Z');
      expect((await optOutPhoneFromSms(t.db, '+12145550123', at)).sort()).toEqual([a, b].sort());
      expect((await detailOf(a)).smsOptedOutAt).toBe(at.toISOString());
      expect((await detailOf(b)).smsOptedOutAt).toBe(at.toISOString());
      expect((await detailOf(other)).smsOptedOutAt).toBeNull();
      // A second STOP changes nothing (the first time stays).
      expect(await optOutPhoneFromSms(t.db, '+12145550123', new Date())).toEqual([]);
      expect((await optInPhoneToSms(t.db, '+12145550123')).sort()).toEqual([a, b].sort());
      expect((await detailOf(a)).smsOptedOutAt).toBeNull();
      const audit = await t.db('audit_log').where({ lead_id: a }).orderBy('at').select('action');
      expect(audit.map((row) => row.action)).toEqual(['sms_opted_out', 'sms_opted_in']);
    });
  });

  describe('unsubscribeLeadEmail', () => {
    it('records the first unsubscribe once, with an audit row; 404 for an unknown lead', async () => {
      const id = await insertLead(t.db);
      const first = new Date('2026-03-02T17:00:00.000Z');
      expect(await unsubscribeLeadEmail(t.db, id, first)).toEqual({
        unsubscribedAt: first,
        alreadyUnsubscribed: false,
      });
      expect(await unsubscribeLeadEmail(t.db, id, new Date())).toMatchObject({ alreadyUnsubscribed: true });
      expect((await detailOf(id)).emailUnsubscribedAt).toBe(first.toISOString());
      const audit = await t.db('audit_log').where({ lead_id: id }).select('action', 'after');
      expect(audit).toEqual([{ action: 'email_unsubscribed', after: { emailUnsubscribedAt: first.toISOString() } }]);
      await expect(unsubscribeLeadEmail(t.db, '00000000-0000-4000-8000-000000000009', first)).rejects.toMatchObject({
        status: 404,
      });
    });
  });
});
