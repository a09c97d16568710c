// Why leads are lost: the reasons admins keep (GET/PUT /api/admin/lost-reasons), the reason a status
// change to Lost may carry (PATCH /api/admin/leads/{id}/status), and the analytics of reasons and win
// rates (docs/decisions.md, "Lost reasons").
import { DEFAULT_LOST_REASONS, lostReasonsSchema } from '@shine/shared/lost-reasons';
import { leadSchema } from '@shine/shared/responses/leads';
import { analyticsReportSchema } from '@shine/shared/responses/reports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import { type Agent, describeApi, insertLead, signIn, useTestApp } from './support/test-app.ts';

describeApi('lost reasons', () => {
  const t = useTestApp();
  let agent: Agent;
  let sales: Agent;
  let salesId: string;

  beforeAll(async () => {
    await resetTeam(t.db);
    salesId = await addStaff(t.db, { email: 'rep@lost.example', role: 'sales', name: 'Rita Rep' });
    sales = await signIn(t.app, { username: 'rep@lost.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    await resetTeam(t.db);
  });
  beforeEach(async () => {
    agent = await t.agent();
    await t.db('company_settings').where({ key: 'lost-reasons' }).delete();
  });

  const history = async (leadId: string) =>
    (
      (await agent.get(`/api/admin/leads/${leadId}/history`).expect(200)).body.items as Array<{
        action: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }>
    ).map(({ action, before, after }) => ({ action, before, after }));

  describe('the list', () => {
    it('offers the defaults until an admin saves a list, which everyone then reads; sales may not change it', async () => {
      expect(lostReasonsSchema.parse((await sales.get('/api/admin/lost-reasons').expect(200)).body)).toEqual({
        reasons: [...DEFAULT_LOST_REASONS],
      });
      const refused = await sales.put('/api/admin/lost-reasons').send({ reasons: ['Price'] });
      expect(refused.status).toBe(403);

      const saved = await agent.put('/api/admin/lost-reasons').send({ reasons: [' Price ', 'Went with a friend'] });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ reasons: ['Price', 'Went with a friend'] });
      expect((await sales.get('/api/admin/lost-reasons').expect(200)).body).toEqual(saved.body);
    });

    it('refuses an empty list, an empty reason, a repeated one and "Other" (always offered last), changing nothing', async () => {
      for (const reasons of [[], ['Price', ' '], ['Price', 'price'], ['Price', 'Other'], 'Price']) {
        const response = await agent.put('/api/admin/lost-reasons').send({ reasons });
        expect(response.status, JSON.stringify(reasons)).toBe(400);
        expect(response.body.issues[0].path).toMatch(/^reasons/);
      }
      expect((await agent.get('/api/admin/lost-reasons').expect(200)).body).toEqual({
        reasons: [...DEFAULT_LOST_REASONS],
      });
    });
  });

  describe('moving a lead to Lost', () => {
    it('keeps the reason and note on the lead and in its history; leaving Lost clears them', async () => {
      const id = await insertLead(t.db, { status: 'Quoted' });
      const lost = await sales
        .patch(`/api/admin/leads/${id}/status`)
        .send({ status: 'Lost', lostReason: 'price', lostNote: 'Found one at $120' })
        .expect(200);
      // The reason as the list spells it.
      expect(leadSchema.parse(lost.body)).toMatchObject({
        status: 'Lost',
        lostReason: 'Price',
        lostNote: 'Found one at $120',
      });
      expect((await agent.get(`/api/admin/leads/${id}`).expect(200)).body).toMatchObject({ lostReason: 'Price' });

      const reopened = await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Negotiating' }).expect(200);
      expect(reopened.body).toMatchObject({ status: 'Negotiating', lostReason: null, lostNote: null });

      expect((await history(id)).filter((row) => row.action === 'status_changed')).toEqual([
        {
          action: 'status_changed',
          before: { status: 'Lost', lostReason: 'Price', lostNote: 'Found one at $120' },
          after: { status: 'Negotiating', lostReason: null, lostNote: null },
        },
        {
          action: 'status_changed',
          before: { status: 'Quoted', lostReason: null, lostNote: null },
          after: { status: 'Lost', lostReason: 'Price', lostNote: 'Found one at $120' },
        },
      ]);
    });

    it('takes only the status as the brief’s call sends it; a reason added later is its own history row', async () => {
      const id = await insertLead(t.db, { status: 'Contacted' });
      const lost = await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Lost' }).expect(200);
      expect(lost.body).toMatchObject({ status: 'Lost', lostReason: null, lostNote: null });

      await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Lost', lostReason: 'Timing' }).expect(200);
      // Lost again without a reason keeps the one it has.
      const again = await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Lost' }).expect(200);
      expect(again.body).toMatchObject({ lostReason: 'Timing' });
      expect((await history(id)).map((row) => row.action)).toEqual(['updated', 'status_changed']);
      expect((await history(id))[0]).toEqual({
        action: 'updated',
        before: { lostReason: null, lostNote: null },
        after: { lostReason: 'Timing', lostNote: null },
      });
    });

    it('refuses a reason off the list, "Other" without a note, and a reason with another status, changing nothing', async () => {
      await agent
        .put('/api/admin/lost-reasons')
        .send({ reasons: ['Price'] })
        .expect(200);
      const id = await insertLead(t.db, { status: 'Quoted' });
      const cases: Array<[object, string]> = [
        [{ status: 'Lost', lostReason: 'Timing' }, 'lostReason'],
        [{ status: 'Lost', lostReason: 'Other' }, 'lostNote'],
        [{ status: 'Lost', lostReason: 'Other', lostNote: '   ' }, 'lostNote'],
        [{ status: 'Won', lostReason: 'Price' }, 'lostReason'],
        [{ status: 'Contacted', lostNote: 'why' }, 'lostReason'],
        [{ status: 'Lost', lostReason: 'Price', lostNote: 'x'.repeat(501) }, 'lostNote'],
      ];
      for (const [body, path] of cases) {
        const response = await agent.patch(`/api/admin/leads/${id}/status`).send(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
      }
      expect((await agent.get(`/api/admin/leads/${id}`).expect(200)).body).toMatchObject({
        status: 'Quoted',
        lostReason: null,
      });
      expect(await history(id)).toEqual([]);

      const other = await agent
        .patch(`/api/admin/leads/${id}/status`)
        .send({ status: 'Lost', lostReason: 'Other', lostNote: 'Moving out of state' })
        .expect(200);
      expect(other.body).toMatchObject({ lostReason: 'Other', lostNote: 'Moving out of state' });
    });

    it('a lead keeps its reason after the admin takes it off the list', async () => {
      const id = await insertLead(t.db, { status: 'Quoted' });
      await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Lost', lostReason: 'Timing' }).expect(200);
      await agent
        .put('/api/admin/lost-reasons')
        .send({ reasons: ['Price'] })
        .expect(200);
      expect((await agent.get(`/api/admin/leads/${id}`).expect(200)).body).toMatchObject({ lostReason: 'Timing' });
    });
  });

  it('analytics: loss reasons, and win rates over closed leads by source and by person', async () => {
    const lead = (source: string, status: string, extra: Record<string, unknown> = {}) =>
      insertLead(t.db, { source, status, ...extra });
    await lead('Referral', 'Won', { assigned_to: salesId });
    await lead('Referral', 'Lost', { assigned_to: salesId, lost_reason: 'Price' });
    await lead('Referral', 'Lost', { lost_reason: 'Price' });
    await lead('Google Ads', 'Lost', { assigned_to: salesId, lost_reason: 'Timing' });
    await lead('Google Ads', 'Lost');
    await lead('Google Ads', 'Won', { assigned_to: salesId });
    await lead('Google Ads', 'Won', { assigned_to: salesId });
    // Open leads weigh on no win rate.
    await lead('Website Form', 'Quoted', { assigned_to: salesId });

    const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const response = await sales.get(`/api/admin/reports/analytics?from=${from}&to=${next}`).expect(200);
    const report = analyticsReportSchema.parse(response.body);
    expect(report.lossReasons).toEqual([
      { reason: 'Price', count: 2 },
      { reason: 'Timing', count: 1 },
      { reason: null, count: 1 },
    ]);
    expect(report.winRateBySource).toEqual([
      { source: 'Google Ads', won: 2, lost: 2, winRate: 50 },
      { source: 'Referral', won: 1, lost: 2, winRate: 33.3 },
    ]);
    expect(report.winRateByPerson).toEqual([
      { person: { id: salesId, name: 'Rita Rep' }, won: 3, lost: 2, winRate: 60 },
      { person: null, won: 0, lost: 2, winRate: 0 },
    ]);
  });
});
