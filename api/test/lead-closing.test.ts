// Closing a lead (Won or Lost, by staff, by a rule or by the customer accepting a quote) ends its
// follow-up: the date is cleared with the status change, written in the lead's history and on its
// timeline, and the table and the export no longer show it.
import type { Activity, ExportResult, Lead, LeadPage } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { up as clearFollowUpsOfClosedLeads } from '../src/db/migrations/20251204091800_closed_leads_follow_up.ts';
import { sendNewQuote, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const DAY = 86_400_000;

describeApi('closing a lead ends its follow-up', () => {
  const t = useTestApp();
  let agent: Agent;
  beforeEach(async () => {
    agent = await t.agent();
  });

  const followUp = () => new Date(Date.now() + 3 * DAY).toISOString();
  const timelineOf = async (leadId: string) =>
    ((await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[]).map((a) => a.subject);

  it('Won or Lost by staff clears the follow-up date, in the history and on the timeline; the table and export no longer show it', async () => {
    const won = await insertLead(t.db, {
      first_name: 'Wendy',
      status: 'Quoted',
      next_follow_up_at: new Date(followUp()),
    });
    const lost = await insertLead(t.db, {
      first_name: 'Larry',
      status: 'Contacted',
      next_follow_up_at: new Date(followUp()),
    });
    const open = await insertLead(t.db, {
      first_name: 'Olive',
      status: 'New',
      next_follow_up_at: new Date(followUp()),
    });

    const wonLead = (await agent.patch(`/api/admin/leads/${won}/status`).send({ status: 'Won' }).expect(200))
      .body as Lead;
    expect(wonLead).toMatchObject({ status: 'Won', nextFollowUpAt: null });
    await agent.patch(`/api/admin/leads/${lost}/status`).send({ status: 'Lost' }).expect(200);
    // An open status keeps it.
    const moved = (await agent.patch(`/api/admin/leads/${open}/status`).send({ status: 'Contacted' }).expect(200))
      .body as Lead;
    expect(moved.nextFollowUpAt).not.toBeNull();

    expect(await timelineOf(won)).toContain('Follow-up cleared: the lead is Won');
    expect(await timelineOf(lost)).toContain('Follow-up cleared: the lead is Lost');
    expect(await timelineOf(open)).toEqual([]);
    const history = (await agent.get(`/api/admin/leads/${won}/history`).expect(200)).body.items as Array<{
      action: string;
      after: Record<string, unknown>;
    }>;
    expect(history.map((row) => [row.action, row.after])).toEqual(
      expect.arrayContaining([
        ['status_changed', { status: 'Won' }],
        ['updated', { nextFollowUpAt: null }],
      ]),
    );

    const page = (await agent.get('/api/admin/leads?pageSize=50').expect(200)).body as LeadPage;
    expect(Object.fromEntries(page.items.map((lead) => [lead.firstName, lead.nextFollowUpAt !== null]))).toEqual({
      Wendy: false,
      Larry: false,
      Olive: true,
    });
    const exported = (await agent.post('/api/admin/leads/export').send({ format: 'json' }).expect(200))
      .body as ExportResult;
    const rows = JSON.parse(exported.content) as Array<{ firstName: string; nextFollowUpAt: string | null }>;
    expect(rows.filter((row) => row.nextFollowUpAt).map((row) => row.firstName)).toEqual(['Olive']);
  });

  it('a quote the customer accepts closes the lead Won and clears its follow-up', async () => {
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await agent.patch(`/api/admin/leads/${leadId}`).send({ nextFollowUpAt: followUp() }).expect(200);
    const sent = await sendNewQuote(agent, leadId);
    await agent
      .post(`/api/quotes/${tokenOf(sent.url)}/accept`)
      .send({ name: 'Ann Lee' })
      .expect(200);
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead;
    expect(lead).toMatchObject({ status: 'Won', nextFollowUpAt: null });
    expect(await timelineOf(leadId)).toContain('Follow-up cleared: the lead is Won');
  });

  it('leads closed before the rule lose their follow-up date once, the old date kept in their history', async () => {
    const due = new Date(Math.floor((Date.now() + 2 * DAY) / 1000) * 1000);
    const won = await insertLead(t.db, { status: 'Won', next_follow_up_at: due });
    const open = await insertLead(t.db, { status: 'Quoted', next_follow_up_at: due });
    await clearFollowUpsOfClosedLeads(t.db);
    expect((await t.db('leads').where({ id: won }).first())?.next_follow_up_at).toBeNull();
    expect((await t.db('leads').where({ id: open }).first())?.next_follow_up_at).toEqual(due);
    const history = (await agent.get(`/api/admin/leads/${won}/history`).expect(200)).body.items as Array<{
      action: string;
      before: unknown;
      after: unknown;
    }>;
    expect(history.map((row) => [row.action, row.before, row.after])).toEqual([
      ['updated', { nextFollowUpAt: due.toISOString() }, { nextFollowUpAt: null }],
    ]);
    expect((await agent.get(`/api/admin/leads/${open}/history`).expect(200)).body.items).toEqual([]);
  });
});
