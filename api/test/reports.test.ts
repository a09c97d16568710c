import { weekdayIn, zonedTimeToInstant } from '@shine/shared/business-time';
import type { BookingStatus, VisitStatus } from '@shine/shared/bookings';
import type { Frequency } from '@shine/shared/enums';
import type { Metrics } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { recordFirstRequestsOfLeads } from '../src/leads/lead-requests.service.ts';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

// 00:30 on Monday 10 March 2025 in Dallas (CDT, UTC-5, the day after the DST change).
const NOW = new Date('2025-03-10T05:30:00.000Z');
const LOCAL_MIDNIGHT = new Date('2025-03-10T05:00:00.000Z');
const minutes = (n: number) => n * 60_000;
const TIME_ZONE = 'America/Chicago';

describeApi('stats and metrics', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
    t.clock.now = NOW;
  });

  async function craftLeads() {
    const past = new Date(NOW.getTime() - minutes(60));
    const future = new Date(NOW.getTime() + minutes(60));
    await insertLead(t.db, {
      status: 'New',
      priority: 'High',
      source: 'Website Form',
      estimated_value: '100.00',
      next_follow_up_at: past,
      created_at: new Date(LOCAL_MIDNIGHT.getTime() - 1000),
    });
    await insertLead(t.db, {
      status: 'Won',
      priority: 'Medium',
      source: 'Referral',
      estimated_value: null,
      next_follow_up_at: past,
      created_at: LOCAL_MIDNIGHT,
    });
    await insertLead(t.db, {
      status: 'Won',
      priority: 'Low',
      source: 'Referral',
      estimated_value: '301.00',
      created_at: new Date(NOW.getTime() - minutes(10)),
    });
    await insertLead(t.db, {
      status: 'Lost',
      priority: 'Medium',
      source: 'Google Ads',
      estimated_value: '999.00',
      next_follow_up_at: past,
      created_at: new Date('2025-03-01T12:00:00Z'),
    });
    return insertLead(t.db, {
      status: 'Quoted',
      priority: 'Medium',
      source: 'Website Form',
      estimated_value: null,
      next_follow_up_at: future,
      created_at: new Date('2025-02-01T12:00:00Z'),
    });
  }

  it('stats: counts with every status and priority present, sources, potential revenue and revenue per status', async () => {
    await craftLeads();
    const response = await agent.get('/api/admin/stats');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total: 5,
      byStatus: { New: 1, Contacted: 0, Qualified: 0, Quoted: 1, Negotiating: 0, Won: 2, Lost: 1 },
      byPriority: { High: 1, Medium: 3, Low: 1 },
      bySource: { 'Website Form': 2, Referral: 2, 'Google Ads': 1 },
      // 100 + 250 (absent) + 301 + 250 (absent); the Lost lead's 999 is not potential.
      potentialRevenue: 901,
      revenueByStatus: { New: 100, Contacted: 0, Qualified: 0, Quoted: 250, Negotiating: 0, Won: 551, Lost: 999 },
    });
  });

  it('stats with no leads: zeros everywhere, Website Form listed', async () => {
    const response = await agent.get('/api/admin/stats');
    expect(response.body).toMatchObject({ total: 0, potentialRevenue: 0, bySource: { 'Website Form': 0 } });
    expect(Object.values(response.body.byStatus)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('metrics: today from local midnight, conversion, average deal, pending tasks, overdue follow-ups', async () => {
    const leadId = await craftLeads();
    await recordFirstRequestsOfLeads(t.db);
    const [first] = await t.db('lead_requests').where({ lead_id: leadId });
    await t
      .db('lead_requests')
      .insert({ ...first, id: undefined, received_at: new Date(LOCAL_MIDNIGHT.getTime() + minutes(10)) });
    await agent.post('/api/admin/activities').send({ leadId, type: 'task', title: 'a' });
    await agent.post('/api/admin/activities').send({ leadId, type: 'call', title: 'b', status: 'pending' });
    await agent.post('/api/admin/activities').send({ leadId, type: 'call', title: 'c', status: 'completed' });
    const response = await agent.get('/api/admin/metrics');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      // created at 04:59:59Z (23:59:59 the day before, local) does not count; 05:00:00Z does.
      leadsToday: 2,
      // Each lead's first request arrived when it was created; a repeat at 05:10Z adds one.
      requestsToday: 3,
      conversionRate: 40,
      // (250 + 301) / 2 = 275.5, rounded to 276.
      averageDealValue: 276,
      pendingTasks: 2,
      // Only the New lead: the Won and Lost ones are closed, the Quoted one is not due yet.
      overdueFollowUps: 1,
      // The pending task has no due time.
      overdueTasks: 0,
      visitsThisWeek: 0,
      bookedRecurringRevenue: '0.00',
      collectedThisMonth: '0.00',
      outstanding: '0.00',
    } satisfies Metrics);
  });

  it('metrics: overdue tasks are pending tasks past their due time, and the ETag moves when one falls due', async () => {
    t.clock.now = new Date('2025-03-10T12:00:00Z');
    const leadId = await craftLeads();
    const task = (title: string, scheduledAt: string, extra: object = {}) =>
      agent
        .post('/api/admin/activities')
        .send({ leadId, type: 'task', title, scheduledAt, ...extra })
        .expect(201);
    await task('overdue', '2025-03-10T11:00:00.000Z');
    await task('due later', '2025-03-10T13:00:00.000Z');
    await task('done', '2025-03-09T11:00:00.000Z', { status: 'completed' });
    await agent
      .post('/api/admin/activities')
      .send({ leadId, type: 'call', title: 'a call', status: 'pending', scheduledAt: '2025-03-09T11:00:00.000Z' })
      .expect(201);

    const before = await agent.get('/api/admin/metrics').expect(200);
    expect(before.body).toMatchObject({ pendingTasks: 3, overdueTasks: 1 });
    t.clock.now = new Date('2025-03-10T13:30:00Z');
    const after = await agent
      .get('/api/admin/metrics')
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(after.body).toMatchObject({ pendingTasks: 3, overdueTasks: 2 });
  });

  it('metrics with no leads are all zero', async () => {
    expect((await agent.get('/api/admin/metrics')).body).toEqual({
      leadsToday: 0,
      requestsToday: 0,
      conversionRate: 0,
      averageDealValue: 0,
      pendingTasks: 0,
      overdueFollowUps: 0,
      overdueTasks: 0,
      visitsThisWeek: 0,
      bookedRecurringRevenue: '0.00',
      collectedThisMonth: '0.00',
      outstanding: '0.00',
    });
  });

  it('metrics: visits of this business week (Monday to Sunday, not cancelled) and booked recurring revenue', async () => {
    // Monday 00:30 of the current business week, from the real clock.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(new Date());
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const sinceMonday = (weekdayIn(new Date(), TIME_ZONE) + 6) % 7;
    const monday = zonedTimeToInstant(TIME_ZONE, year, month, day - sinceMonday, 0);
    const nextMonday = zonedTimeToInstant(TIME_ZONE, year, month, day - sinceMonday + 7, 0);
    t.clock.now = new Date(monday + minutes(30));

    const booking = async (
      frequency: Frequency,
      perVisitCents: number | null,
      leadValue: string | null,
      status: BookingStatus = 'active',
    ) => {
      const leadId = await insertLead(t.db, { status: 'Won', frequency, estimated_value: leadValue });
      const [row] = await t
        .db('bookings')
        .insert({ lead_id: leadId, frequency, status, duration_minutes: 60, per_visit_cents: perVisitCents })
        .returning('id');
      return { leadId, bookingId: (row as { id: string }).id };
    };
    let sequence = 0;
    const visit = async (
      of: { leadId: string; bookingId: string },
      start: number,
      status: VisitStatus = 'scheduled',
    ) => {
      sequence++;
      await t.db('visits').insert({
        booking_id: of.bookingId,
        lead_id: of.leadId,
        sequence,
        crew: sequence,
        starts_at: new Date(start),
        ends_at: new Date(start + minutes(60)),
        arrival_ends_at: new Date(start + minutes(60)),
        planned_start: new Date(start),
        status,
      });
    };
    const weekly = await booking('Weekly', 15_000, '999.00');
    // Booked by staff without a quote: the lead's estimated value is the per-visit price.
    const biweekly = await booking('Biweekly', null, '301.50');
    await booking('Monthly', 10_000, null);
    await booking('One Time', 50_000, null);
    await booking('Weekly', 20_000, null, 'cancelled');
    await visit(weekly, monday - 1000); // Sunday night of last week
    await visit(weekly, monday); // Monday at midnight
    await visit(weekly, monday + minutes(60 * 30), 'completed');
    await visit(biweekly, nextMonday - minutes(61)); // Sunday night
    await visit(biweekly, monday + minutes(60 * 50), 'cancelled');
    await visit(biweekly, nextMonday); // next week

    const metrics = (await agent.get('/api/admin/metrics').expect(200)).body as Metrics;
    expect(metrics.visitsThisWeek).toBe(3);
    // 150.00 × 52 + 301.50 × 26 + 100.00 × 13 (every four weeks) = 7,800 + 7,839 + 1,300.
    expect(metrics.bookedRecurringRevenue).toBe('16939.00');
  });

  it('rounds the conversion rate to one decimal', async () => {
    await insertLead(t.db, { status: 'Won' });
    await insertLead(t.db, { status: 'New' });
    await insertLead(t.db, { status: 'New' });
    expect((await agent.get('/api/admin/metrics')).body.conversionRate).toBe(33.3);
    await insertLead(t.db, { status: 'Won' });
    await insertLead(t.db, { status: 'Won' });
    await insertLead(t.db, { status: 'Won' });
    // 4 of 6
    expect((await agent.get('/api/admin/metrics')).body.conversionRate).toBe(66.7);
  });

  it('stats: 304 while nothing changed, a new tag after a write', async () => {
    const id = await craftLeads();
    const first = await agent.get('/api/admin/stats');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await agent.get('/api/admin/stats').set('if-none-match', etag)).status).toBe(304);
    await agent.patch(`/api/admin/leads/${id}/status`).send({ status: 'Won' });
    const after = await agent.get('/api/admin/stats').set('if-none-match', etag);
    expect(after.status).toBe(200);
    expect(after.body.byStatus.Won).toBe(3);
  });

  it('metrics: 304 while nothing changed; a new tag when an activity is added, at midnight, and when a follow-up falls due', async () => {
    const leadId = await craftLeads();
    const get = (etag?: string) => {
      const request = agent.get('/api/admin/metrics');
      return etag ? request.set('if-none-match', etag) : request;
    };
    let etag = (await get()).headers.etag as string;
    t.clock.now = new Date(NOW.getTime() + minutes(15));
    expect((await get(etag)).status).toBe(304);

    await agent.post('/api/admin/activities').send({ leadId, type: 'task', title: 'x' });
    const afterActivity = await get(etag);
    expect(afterActivity.status).toBe(200);
    expect(afterActivity.body.pendingTasks).toBe(1);
    etag = afterActivity.headers.etag as string;

    // The Quoted lead's follow-up (NOW + 60 min) passes.
    t.clock.now = new Date(NOW.getTime() + minutes(61));
    const due = await get(etag);
    expect(due.status).toBe(200);
    expect(due.body.overdueFollowUps).toBe(2);
    etag = due.headers.etag as string;

    // The next local midnight: nothing was created "today" any more.
    t.clock.now = new Date(LOCAL_MIDNIGHT.getTime() + minutes(24 * 60 + 1));
    const nextDay = await get(etag);
    expect(nextDay.status).toBe(200);
    expect(nextDay.body.leadsToday).toBe(0);
  });
});

describeApi('metrics in another business time zone', () => {
  const t = useTestApp({ env: { BUSINESS_TIMEZONE: 'Asia/Tokyo' } });

  it('counts today from midnight in BUSINESS_TIMEZONE', async () => {
    const agent = await t.agent();
    // 00:30 on 10 March in Tokyo (UTC+9) is 15:30 UTC on 9 March.
    t.clock.now = new Date('2025-03-09T15:30:00Z');
    await insertLead(t.db, { created_at: new Date('2025-03-09T14:59:00Z') });
    await insertLead(t.db, { created_at: new Date('2025-03-09T15:01:00Z') });
    expect((await agent.get('/api/admin/metrics')).body.leadsToday).toBe(1);
  });
});
