// GET /api/admin/my-day: a person's working day in the order it is worked (new leads to contact,
// replies, follow-ups due, tasks due, quotes unanswered, visits today), their own or, for admins,
// everyone's; and PATCH /api/admin/activities/{id}, My Day's "done" and "snooze" of a task.
import { bookingAnswerSchema } from '@shine/shared/bookings';
import { MY_DAY_SECTION_KEYS } from '@shine/shared/my-day';
import { activitySchema } from '@shine/shared/responses/activities';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { type MyDay, myDaySchema } from '@shine/shared/responses/my-day';
import { addLocalDays, calendarDateIn, instantOfLocal, localPartsOf } from '@shine/shared/scheduling';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordInboundMessage } from '../src/conversations/conversations.service.ts';
import { sendNewQuote } from './support/quotes.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import {
  type Agent,
  describeApi,
  insertLead,
  resetTables,
  signIn,
  useTestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/Chicago';

/** The business date of the next daylight-saving change from now (never a fixed year). */
function nextDstChangeDate(): [number, number, number] {
  const offset = (instant: number) =>
    new Date(instant).toLocaleString('en-US', { timeZone: ZONE, timeZoneName: 'short' }).slice(-3);
  const today = new Date();
  // Noon UTC of each day is after that day's 2 AM change in the business zone.
  let day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  for (let i = 0; i < 400; i++, day += DAY) {
    if (offset(day) !== offset(day + DAY)) {
      const { year, month, day: date } = localPartsOf(day + DAY, ZONE);
      return [year, month, date];
    }
  }
  throw new Error('no daylight-saving change within a year');
}

describeApi('my day', () => {
  const t = useTestApp();
  let admin: Agent;
  let rep: Agent;
  let repId: string;
  let otherId: string;

  beforeAll(async () => {
    await resetTeam(t.db);
    repId = await addStaff(t.db, { email: 'rep@myday.example', role: 'sales', name: 'Rita Rep' });
    otherId = await addStaff(t.db, { email: 'other@myday.example', role: 'sales', name: 'Omar Other' });
    rep = await signIn(t.app, { username: 'rep@myday.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    // Their activities first: who logged what is kept, so a person with activities cannot be removed.
    await resetTables(t.db);
    await resetTeam(t.db);
  });
  beforeEach(async () => {
    admin = await t.agent();
  });

  const dayOf = async (agent: Agent, scope = 'me'): Promise<MyDay> =>
    myDaySchema.parse((await agent.get(`/api/admin/my-day?scope=${scope}`).expect(200)).body);
  const namesIn = (day: MyDay, key: (typeof MY_DAY_SECTION_KEYS)[number]) =>
    day.sections.find((section) => section.key === key)?.items.map((item) => item.leadName);

  it('lists every section in order, empty ones too, with counts for the badge', async () => {
    const day = await dayOf(rep);
    expect(day.sections.map((section) => section.key)).toEqual([...MY_DAY_SECTION_KEYS]);
    expect(day.counts).toEqual({
      total: 0,
      callBacks: 0,
      newLeads: 0,
      replies: 0,
      followUps: 0,
      tasks: 0,
      quotes: 0,
      payments: 0,
      visits: 0,
    });
  });

  it('gathers the person’s own work, each in its section, and everyone’s for an admin', async () => {
    const now = Date.now();
    const lead = (firstName: string, extra: Record<string, unknown> = {}) =>
      insertLead(t.db, { first_name: firstName, last_name: 'Day', assigned_to: repId, ...extra });
    // New, never contacted: mine and someone else's.
    await lead('Newton', { contact_due_at: new Date(now + 10 * 60_000) });
    await lead('Otto', { assigned_to: otherId });
    // Contacted already: not new work.
    await lead('Connie', { first_contacted_at: new Date(now - HOUR) });
    // Follow-ups: overdue, later today (or the first minutes of tomorrow's business day at the latest), next week, closed.
    await lead('Olive', {
      status: 'Contacted',
      first_contacted_at: new Date(now - DAY),
      next_follow_up_at: new Date(now - HOUR),
    });
    await lead('Wes', {
      status: 'Contacted',
      first_contacted_at: new Date(now - DAY),
      next_follow_up_at: new Date(now + 7 * DAY),
    });
    await lead('Lars', {
      status: 'Lost',
      first_contacted_at: new Date(now - DAY),
      next_follow_up_at: new Date(now - HOUR),
    });
    // A reply not read yet.
    const replied = await lead('Rhea', { status: 'Contacted', first_contacted_at: new Date(now - DAY) });
    await recordInboundMessage(
      t.db,
      {
        leadId: replied,
        channel: 'sms',
        body: 'Is Tuesday open?',
        subject: null,
        from: '+12145550100',
        externalId: `SM-${now}`,
        receivedAt: new Date(now - 5 * 60_000),
      },
      'America/Chicago',
    );
    // Tasks: one due an hour ago on my lead, one due next week, one done.
    const tasked = await lead('Tess', { status: 'Contacted', first_contacted_at: new Date(now - DAY) });
    const due = await admin
      .post('/api/admin/activities')
      .send({
        leadId: tasked,
        type: 'task',
        title: 'Send the checklist',
        scheduledAt: new Date(now - HOUR).toISOString(),
      })
      .expect(201);
    await admin
      .post('/api/admin/activities')
      .send({ leadId: tasked, type: 'task', title: 'Next week', scheduledAt: new Date(now + 7 * DAY).toISOString() })
      .expect(201);
    // A quote sent three days ago and unanswered; one sent an hour ago.
    const quoted = (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, firstName: 'Quinn' })
        .expect(201)
    ).body.id as string;
    await admin.patch(`/api/admin/leads/${quoted}`).send({ assignedTo: repId }).expect(200);
    await rep.post('/api/admin/activities').send({ leadId: quoted, type: 'call', title: 'Called' }).expect(201);
    const sent = await sendNewQuote(admin, quoted);
    await t
      .db('quotes')
      .where({ id: sent.quote.id })
      .update({ sent_at: new Date(now - 3 * DAY) });
    const fresh = (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, email: 'fresh@example.com', firstName: 'Fay', phone: '214-555-0177' })
        .expect(201)
    ).body.id as string;
    await admin.patch(`/api/admin/leads/${fresh}`).send({ assignedTo: repId }).expect(200);
    await rep.post('/api/admin/activities').send({ leadId: fresh, type: 'call', title: 'Called' }).expect(201);
    await sendNewQuote(admin, fresh);

    const day = await dayOf(rep);
    expect(namesIn(day, 'newLeads')).toEqual(['Newton Day']);
    expect(namesIn(day, 'replies')).toEqual(['Rhea Day']);
    expect(namesIn(day, 'followUps')).toEqual(['Olive Day']);
    expect(namesIn(day, 'tasks')).toEqual(['Tess Day']);
    expect(namesIn(day, 'quotes')).toEqual(['Quinn Lee']);
    expect(day.counts).toEqual({
      total: 5,
      callBacks: 0,
      newLeads: 1,
      replies: 1,
      followUps: 1,
      tasks: 1,
      quotes: 1,
      payments: 0,
      visits: 0,
    });
    const [task] = day.sections.find((section) => section.key === 'tasks')?.items ?? [];
    expect(task).toMatchObject({ kind: 'task', activityId: due.body.id, text: 'Send the checklist' });
    const [followUp] = day.sections.find((section) => section.key === 'followUps')?.items ?? [];
    expect(followUp).toMatchObject({ kind: 'follow_up', overdue: true });
    const [reply] = day.sections.find((section) => section.key === 'replies')?.items ?? [];
    expect(reply).toMatchObject({ kind: 'reply', text: 'Is Tuesday open?', channel: 'sms', unread: 1 });

    // Everyone's: Otto (someone else's) too, with who holds him.
    const all = await dayOf(admin, 'all');
    expect(namesIn(all, 'newLeads')).toEqual(expect.arrayContaining(['Newton Day', 'Otto Day']));
    const otto = all.sections
      .find((section) => section.key === 'newLeads')
      ?.items.find((item) => item.leadName === 'Otto Day');
    expect(otto?.assignee).toEqual({ id: otherId, name: 'Omar Other' });
  });

  it('holds the unassigned new leads whose alert reached me as the person on duty, until someone takes or contacts them', async () => {
    // Rita on duty every day: the bell tells her of each new lead nobody holds (alerts themselves off).
    const roster = { ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(repId) };
    await admin.put('/api/admin/settings/lead-alerts').send(roster).expect(200);
    try {
      const quote = (firstName: string, email: string, phone: string) =>
        supertest(t.app)
          .post('/api/leads')
          .send({ ...VALID_QUOTE, firstName, lastName: 'Duty', email, phone })
          .expect(201)
          .then((response) => response.body.id as string);
      const ulla = await quote('Ulla', 'ulla@duty.example', '214-555-0161');
      const ugo = await quote('Ugo', 'ugo@duty.example', '214-555-0162');
      // A lead whose SMS/e-mail alert reached Rita (standing in for someone away), one whose alert
      // went to nobody (her quiet hours), and one nobody was told of at all.
      const now = Date.now();
      const texted = await insertLead(t.db, { first_name: 'Tex', last_name: 'Duty', created_at: new Date(now - HOUR) });
      const quiet = await insertLead(t.db, {
        first_name: 'Quiet',
        last_name: 'Duty',
        created_at: new Date(now - HOUR),
      });
      await insertLead(t.db, { first_name: 'Nobody', last_name: 'Duty' });
      await t.db('lead_alerts').insert([
        { lead_id: texted, step: 'on_duty', status: 'sent', recipient_id: repId },
        { lead_id: quiet, step: 'on_duty', status: 'not_sent', recipient_id: repId },
      ]);

      const day = await dayOf(rep);
      expect(namesIn(day, 'newLeads')).toEqual(['Tex Duty', 'Ulla Duty', 'Ugo Duty']);
      expect(day.counts.newLeads).toBe(3);
      const [, first] = day.sections.find((section) => section.key === 'newLeads')?.items ?? [];
      expect(first).toMatchObject({ kind: 'new_lead', leadId: ulla, assignee: null, due: expect.any(String) });
      // Omar was told of none of them: his day holds none.
      const omar = await signIn(t.app, { username: 'other@myday.example', password: STAFF_PASSWORD });
      expect(namesIn(await dayOf(omar), 'newLeads')).toEqual([]);

      // Taken by Omar: his now, not Rita's. Contacted by Rita: nobody's new lead any more.
      await admin.patch(`/api/admin/leads/${ulla}`).send({ assignedTo: otherId }).expect(200);
      await rep.post('/api/admin/activities').send({ leadId: ugo, type: 'call', title: 'Called' }).expect(201);
      expect(namesIn(await dayOf(rep), 'newLeads')).toEqual(['Tex Duty']);
      expect(namesIn(await dayOf(omar), 'newLeads')).toEqual(['Ulla Duty']);
    } finally {
      await t.db('company_settings').delete();
    }
  });

  it('a task done or snoozed leaves the day; sales may not ask for everyone’s', async () => {
    const leadId = await insertLead(t.db, { first_name: 'Tara', assigned_to: repId, first_contacted_at: new Date() });
    const task = (
      await rep
        .post('/api/admin/activities')
        .send({ leadId, type: 'task', title: 'Call back', scheduledAt: new Date(Date.now() - HOUR).toISOString() })
        .expect(201)
    ).body.id as string;
    expect((await dayOf(rep)).counts.tasks).toBe(1);

    const snoozed = await rep
      .patch(`/api/admin/activities/${task}`)
      .send({ scheduledAt: new Date(Date.now() + 3 * DAY).toISOString() })
      .expect(200);
    expect(activitySchema.parse(snoozed.body).status).toBe('pending');
    expect((await dayOf(rep)).counts.tasks).toBe(0);

    await rep.patch(`/api/admin/activities/${task}`).send({ scheduledAt: null }).expect(200);
    expect((await dayOf(rep)).counts.tasks).toBe(1);
    const done = await rep.patch(`/api/admin/activities/${task}`).send({ status: 'completed' }).expect(200);
    expect(done.body).toMatchObject({ status: 'completed' });
    expect(done.body.completedAt).not.toBeNull();
    expect((await dayOf(rep)).counts.tasks).toBe(0);

    expect((await rep.patch(`/api/admin/activities/${task}`).send({})).status).toBe(400);
    expect((await rep.patch(`/api/admin/activities/${task}`).send({ status: 'done' })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000009';
    expect((await rep.patch(`/api/admin/activities/${unknown}`).send({ status: 'completed' })).status).toBe(404);

    const everyone = await rep.get('/api/admin/my-day?scope=all');
    expect(everyone.status).toBe(403);
    expect((await rep.get('/api/admin/my-day?scope=team')).status).toBe(400);
  });

  it('lists today’s visits of my leads (business day, across a daylight-saving change), counting each once it has begun', async () => {
    // The day the clocks change (23 or 25 hours long), at 7 AM there: a visit just after midnight,
    // one late that night and one in the first minutes of the next day tell a right day from a 24-hour one.
    const [year, month, date] = nextDstChangeDate();
    const at = (dayOffset: number, minuteOfDay: number) => {
      const {
        year: y,
        month: m,
        day: d,
      } = localPartsOf(addLocalDays(instantOfLocal(ZONE, year, month, date, 0), dayOffset, ZONE), ZONE);
      return instantOfLocal(ZONE, y, m, d, minuteOfDay);
    };
    t.clock.now = new Date(at(0, 7 * 60));
    const boss = await signIn(t.app);
    const me = await signIn(t.app, { username: 'rep@myday.example', password: STAFF_PASSWORD });
    // Each lead booked by hand on the Monday after, then moved by staff to its time (any time of day).
    const visitAt = async (firstName: string, start: number, assignedTo = repId) => {
      const leadId = await insertLead(t.db, {
        first_name: firstName,
        last_name: 'Visit',
        email: `${firstName.toLowerCase()}@visits.example`,
        phone: '214-555-0142',
        zipcode: '75204',
        frequency: 'One Time',
        assigned_to: assignedTo,
        first_contacted_at: new Date(t.clock.now?.getTime() ?? 0),
      });
      const booked = await boss
        .post(`/api/admin/leads/${leadId}/booking`)
        .send({ start: new Date(at(1, 8 * 60)).toISOString() })
        .expect(201);
      const visitId = bookingAnswerSchema.parse(booked.body).booking.visits[0]?.id as string;
      await boss
        .patch(`/api/admin/visits/${visitId}`)
        .send({ start: new Date(start).toISOString() })
        .expect(200);
      return visitId;
    };
    const early = await visitAt('Early', at(0, 30));
    const vera = await visitAt('Vera', at(0, 9 * 60));
    const late = await visitAt('Nina', at(0, 23 * 60 + 15));
    await visitAt('Morrow', at(1, 30));
    const cancelled = await visitAt('Cass', at(0, 10 * 60));
    await boss.patch(`/api/admin/visits/${cancelled}`).send({ status: 'cancelled' }).expect(200);
    await visitAt('Otis', at(0, 12 * 60), otherId);

    const visitsOf = (day: MyDay) => day.sections.find((section) => section.key === 'visits')?.items ?? [];
    const day = await dayOf(me);
    expect(namesIn(day, 'visits')).toEqual(['Early Visit', 'Vera Visit', 'Nina Visit']);
    expect(visitsOf(day).map((item) => item.kind === 'visit' && item.visitId)).toEqual([early, vera, late]);
    expect(visitsOf(day)[1]).toMatchObject({
      kind: 'visit',
      due: new Date(at(0, 9 * 60)).toISOString(),
      crewName: expect.stringMatching(/^Crew [12]$/),
      phone: '214-555-0142',
      zipcode: '75204',
    });
    const vera9 = visitsOf(day)[1];
    if (vera9?.kind !== 'visit') throw new Error('no visit');
    expect(calendarDateIn(Date.parse(vera9.start), ZONE)).toBe(calendarDateIn(at(0, 0), ZONE));
    expect(vera9.start.slice(11, 16)).toBe('09:00');
    expect(Date.parse(vera9.arrivalEnd) - Date.parse(vera9.start)).toBe(2 * HOUR);
    expect(Date.parse(vera9.end)).toBeGreaterThan(Date.parse(vera9.arrivalEnd));
    // Listed all day; waiting for me (the badge) once the arrival window has begun: only Early at 7 AM.
    expect(day.counts).toMatchObject({ visits: 3, total: 1 });
    // The sidebar's count says when it changes next: when Vera's window begins.
    expect((await me.get('/api/admin/counts').expect(200)).body).toMatchObject({
      myDay: 1,
      myDayChangesAt: new Date(at(0, 9 * 60)).toISOString(),
    });

    t.clock.now = new Date(at(0, 9 * 60 + 30));
    expect((await dayOf(me)).counts).toMatchObject({ visits: 3, total: 2 });
    expect((await me.get('/api/admin/counts').expect(200)).body).toMatchObject({
      myDay: 2,
      myDayChangesAt: new Date(at(0, 23 * 60 + 15)).toISOString(),
    });
    // Marked completed as the Schedule does: it leaves the day.
    await me.patch(`/api/admin/visits/${vera}`).send({ status: 'completed' }).expect(200);
    const after = await dayOf(me);
    expect(namesIn(after, 'visits')).toEqual(['Early Visit', 'Nina Visit']);
    expect(after.counts).toMatchObject({ visits: 2, total: 1 });

    // Everyone's: Otis too, with who holds him.
    const all = await dayOf(boss, 'all');
    expect(namesIn(all, 'visits')).toEqual(['Early Visit', 'Otis Visit', 'Nina Visit']);
    const otis = visitsOf(all).find((item) => item.leadName === 'Otis Visit');
    expect(otis?.assignee).toEqual({ id: otherId, name: 'Omar Other' });
  });
});

describeApi('the shell’s counts (GET /api/admin/counts)', () => {
  const t = useTestApp();
  let repId: string;
  let rep: Agent;

  beforeAll(async () => {
    await resetTeam(t.db);
    repId = await addStaff(t.db, { email: 'rep@counts.example', role: 'sales', name: 'Cora Counts' });
    rep = await signIn(t.app, { username: 'rep@counts.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    await resetTables(t.db);
    await resetTeam(t.db);
  });

  /** Each figure as its own read answers it. */
  async function countsOfOwnReads(agent: Agent) {
    const [day, inbox, unmatched, held, notifications] = await Promise.all([
      agent.get('/api/admin/my-day?scope=me').expect(200),
      agent.get('/api/admin/inbox').expect(200),
      agent.get('/api/admin/unmatched-emails').expect(200),
      agent.get('/api/admin/held-submissions?page=1&pageSize=1').expect(200),
      agent.get('/api/admin/notifications').expect(200),
    ]);
    return {
      myDay: day.body.counts.total,
      myDayChangesAt: null,
      inbox: inbox.body.total,
      unmatchedEmails: unmatched.body.total,
      held: held.body.total,
      notifications: notifications.body.unread,
    };
  }

  it('answers the same figures as each count’s own read, for the person asking', async () => {
    expect((await rep.get('/api/admin/counts').expect(200)).body).toEqual({
      myDay: 0,
      myDayChangesAt: null,
      inbox: 0,
      unmatchedEmails: 0,
      held: 0,
      notifications: 0,
    });

    const now = Date.now();
    const mine = await insertLead(t.db, { first_name: 'Nina', last_name: 'Counts', assigned_to: repId });
    await insertLead(t.db, { first_name: 'Ned', last_name: 'Counts', assigned_to: repId });
    await recordInboundMessage(
      t.db,
      {
        leadId: mine,
        channel: 'sms',
        body: 'Is Friday open?',
        subject: null,
        from: '+12145550199',
        externalId: `SM-counts-${now}`,
        receivedAt: new Date(now - 60_000),
      },
      ZONE,
    );
    await t.db('unmatched_emails').insert({
      mailbox: 'sales@counts.example',
      external_id: `<counts-${now}@mail.example>`,
      source_digest: `counts-${now}`,
      sender: 'someone@mail.example',
      subject: 'Hello',
      body: 'Hello',
      received_at: new Date(now),
      reason: 'held for the counts',
    });
    await supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, email: 'bot@counts.example', phone: '817-555-0142', website: 'bot' })
      .expect(201);

    const counts = (await rep.get('/api/admin/counts').expect(200)).body;
    expect(counts).toEqual(await countsOfOwnReads(rep));
    // Two new leads of mine and the reply; the held ones wait for everyone; the reply told the assignee.
    expect(counts).toMatchObject({ myDay: 3, inbox: 1, unmatchedEmails: 1, held: 1 });
    expect(counts.notifications).toBeGreaterThan(0);

    // Another person's counts are theirs: the admin holds no lead and was told nothing.
    const admin = await t.agent();
    const adminCounts = (await admin.get('/api/admin/counts').expect(200)).body;
    expect(adminCounts).toEqual(await countsOfOwnReads(admin));
    expect(adminCounts).toMatchObject({ myDay: 0, inbox: 1, unmatchedEmails: 1, held: 1 });
  });
});
