// The dashboard's figures as ways into the lead list: `source`, `followUp=overdue` and `created=today`
// filter GET /api/admin/leads (and the export) by the rules the metrics count with.
import { leadPageSchema } from '@shine/shared/responses/leads';
import type { ExportResult, Metrics } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeApi('lead list: the dashboard figures’ filters', () => {
  const t = useTestApp();
  let agent: Agent;
  beforeEach(async () => {
    agent = await t.agent();
  });

  const names = async (query: string) =>
    leadPageSchema
      .parse((await agent.get(`/api/admin/leads?pageSize=100&sort=firstName&order=asc&${query}`).expect(200)).body)
      .items.map((lead) => lead.firstName);

  it('followUp=overdue: open leads past their follow-up, as many as the metrics count', async () => {
    await insertLead(t.db, { first_name: 'Past', next_follow_up_at: new Date(Date.now() - HOUR) });
    await insertLead(t.db, { first_name: 'Future', next_follow_up_at: new Date(Date.now() + DAY) });
    await insertLead(t.db, { first_name: 'Closed', status: 'Won', next_follow_up_at: new Date(Date.now() - HOUR) });
    await insertLead(t.db, { first_name: 'None' });
    expect(await names('followUp=overdue')).toEqual(['Past']);
    const metrics = (await agent.get('/api/admin/metrics').expect(200)).body as Metrics;
    expect(metrics.overdueFollowUps).toBe(1);
  });

  it('followUp=overdue follows the clock, not a remembered page: a follow-up falling due between two reads of unchanged data is in the second', async () => {
    const start = Date.now();
    await insertLead(t.db, { first_name: 'Soon', next_follow_up_at: new Date(start + HOUR) });
    t.clock.now = new Date(start);
    expect(await names('followUp=overdue')).toEqual([]);
    t.clock.now = new Date(start + 2 * HOUR);
    expect(await names('followUp=overdue')).toEqual(['Soon']);
  });

  it('created=today: the leads of the business day, as the Today card counts them', async () => {
    await insertLead(t.db, { first_name: 'Fresh' });
    await insertLead(t.db, { first_name: 'Old', created_at: new Date(Date.now() - 3 * DAY) });
    expect(await names('created=today')).toEqual(['Fresh']);
    const metrics = (await agent.get('/api/admin/metrics').expect(200)).body as Metrics;
    expect(metrics.leadsToday).toBe(1);
  });

  it('source: one source whatever its case or spacing; the export takes the same filters', async () => {
    await insertLead(t.db, { first_name: 'Fb', source: 'Facebook' });
    await insertLead(t.db, { first_name: 'Fb2', source: ' facebook ' });
    await insertLead(t.db, { first_name: 'Web', source: 'Website Form' });
    expect(await names('source=Facebook')).toEqual(['Fb', 'Fb2']);
    expect(await names('source=Facebook&followUp=&created=')).toEqual(['Fb', 'Fb2']);
    const exported = (
      await agent
        .post('/api/admin/leads/export')
        .send({ format: 'json', filter: { source: 'facebook' } })
        .expect(200)
    ).body as ExportResult;
    expect(exported.count).toBe(2);
  });

  it('refuses a filter it does not know, naming it', async () => {
    for (const [query, path] of [
      ['followUp=soon', 'followUp'],
      ['created=yesterday', 'created'],
      [`source=${'x'.repeat(101)}`, 'source'],
    ]) {
      const response = await agent.get(`/api/admin/leads?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.issues[0].path).toBe(path);
    }
  });
});
