// Notifications of visits booked or changed (docs/decisions.md, "Notifications"): the customer's
// booking, reschedule and cancellation on the quote page, and a colleague's booking, move,
// cancellation or restoring of a visit, reach the lead's assignee (the person on duty when nobody
// holds it) in the bell and on the live stream; the person who made the change is not told of it.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { type NotificationList, notificationListSchema } from '@shine/shared/responses/notifications';
import { formatArrivalWindow } from '@shine/shared/scheduling';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { endLiveStreams } from '../src/live/live.service.ts';
import { listenOn, openLive } from './support/live-client.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import { type Agent, ADMIN_NAME, describeApi, resetTables, signIn, useTestApp } from './support/test-app.ts';

const ZONE = 'America/Chicago';
/** Every test here opens quote links many times a minute. */
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };

let people = 0;

describeApi('visit notifications', () => {
  const t = useTestApp({ env: ENV });
  let admin: Agent;
  let rep: Agent;
  let repId: string;
  let onDuty: Agent;
  let onDutyId: string;

  beforeAll(async () => {
    await resetTeam(t.db);
    repId = await addStaff(t.db, { email: 'rep@visits.example', role: 'sales', name: 'Rita Rep' });
    onDutyId = await addStaff(t.db, { email: 'duty@visits.example', role: 'sales', name: 'Dana Duty' });
    rep = await signIn(t.app, { username: 'rep@visits.example', password: STAFF_PASSWORD });
    onDuty = await signIn(t.app, { username: 'duty@visits.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    await resetTables(t.db);
    await resetTeam(t.db);
  });
  beforeEach(async () => {
    admin = await t.agent();
    await t.db('company_settings').where({ key: 'scheduling' }).delete();
    await admin
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(onDutyId) })
      .expect(200);
  });

  /** The visit notifications of a person, newest first: [kind, text]. */
  const visitNotices = async (agent: Agent) => {
    const list: NotificationList = notificationListSchema.parse(
      (await agent.get('/api/admin/notifications').expect(200)).body,
    );
    return list.items.filter((item) => item.kind.startsWith('visit_')).map((item) => [item.kind, item.text]);
  };

  /** A lead from the form (Ann Lee, Deep, Biweekly), held by `assignedTo`, its quote accepted. */
  async function acceptedLead(assignedTo: string | null = repId) {
    people++;
    const leadId = await createLeadThroughForm(t.app, {
      email: `visitor${people}@example.com`,
      phone: `214-555-${String(3000 + people)}`,
    });
    if (assignedTo) await admin.patch(`/api/admin/leads/${leadId}`).send({ assignedTo }).expect(200);
    const token = tokenOf((await sendNewQuote(admin, leadId)).url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const { slots } = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const words = (slot: (typeof slots)[number] | undefined) =>
      formatArrivalWindow(Date.parse(slot?.start ?? ''), Date.parse(slot?.end ?? ''), ZONE);
    return { leadId, token, slots, words };
  }

  it('tells the assignee when the customer books, reschedules and cancels, in the bell and on the live stream', async () => {
    const { leadId, token, slots, words } = await acceptedLead();
    const [first, second] = slots;
    if (!first || !second) throw new Error('no free windows');

    const http = await listenOn(t.app);
    const login = await supertest(t.app)
      .post('/api/admin/login')
      .send({ username: 'rep@visits.example', password: STAFF_PASSWORD });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const stream = await openLive(http.baseUrl, { cookie });
    try {
      await stream.next('ready');
      await supertest(t.app)
        .post(`/api/quotes/${token}/booking`)
        .send({ address: TEST_ADDRESS, start: first.start })
        .expect(201);
      const event = await stream.next('notification.created');
      expect(event.data).toMatchObject({ type: 'notification.created', userId: repId, leadId });
      const [newest] = notificationListSchema.parse((await rep.get('/api/admin/notifications').expect(200)).body).items;
      expect(newest).toMatchObject({ kind: 'visit_booked', readAt: null });
      expect((event.data as { notificationId: string }).notificationId).toBe(newest?.id);
    } finally {
      stream.close();
      await endLiveStreams(t.db);
      await http.close();
    }
    expect(words(first)).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2}, \d{1,2}(:\d\d)?( [AP]M)?–\d{1,2}(:\d\d)? [AP]M$/,
    );
    // The same start again changes nothing and tells nobody again.
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: first.start })
      .expect(200);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: second.start }).expect(200);
    await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(200);

    expect(await visitNotices(rep)).toEqual([
      ['visit_cancelled', `Ann Lee cancelled ${words(second)} and the visits after it`],
      ['visit_rescheduled', `Ann Lee rescheduled to ${words(second)}`],
      ['visit_booked', `Ann Lee booked ${words(first)}`],
    ]);
    // The person on duty heard of the new lead; a held lead's visits are its assignee's.
    expect(await visitNotices(onDuty)).toEqual([]);
    expect(await visitNotices(admin)).toEqual([]);
  });

  // The third review, finding 4: a burst of the customer's moves is one line in the bell.
  it('folds a customer’s burst of moves into one notification with the latest time, until it is read', async () => {
    // The real clock: a rewritten notification and a new one are stamped by the same clock.
    t.clock.now = undefined;
    const { token, slots, words } = await acceptedLead();
    const [first, second, third] = slots;
    if (!first || !second || !third) throw new Error('no free windows');
    // Five changes in all: the link's hourly limit (booking-change-limits.test.ts).
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: first.start })
      .expect(201);
    for (const slot of [second, third]) {
      await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: slot.start }).expect(200);
    }
    expect(await visitNotices(rep)).toEqual([
      ['visit_rescheduled', `Ann Lee rescheduled to ${words(third)}`],
      ['visit_booked', `Ann Lee booked ${words(first)}`],
    ]);
    // Read, the next move is news again; so is one after the burst (half an hour on).
    await rep.post('/api/admin/notifications/read').send({ all: true }).expect(200);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: first.start }).expect(200);
    t.clock.now = new Date(Date.now() + 31 * 60_000);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: second.start }).expect(200);
    expect((await visitNotices(rep)).slice(0, 2)).toEqual([
      ['visit_rescheduled', `Ann Lee rescheduled to ${words(second)}`],
      ['visit_rescheduled', `Ann Lee rescheduled to ${words(first)}`],
    ]);
    t.clock.now = undefined;
  });

  it('tells the person on duty when nobody holds the lead', async () => {
    const { token, slots, words } = await acceptedLead(null);
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slots[0]?.start })
      .expect(201);
    expect(await visitNotices(onDuty)).toEqual([['visit_booked', `Ann Lee booked ${words(slots[0])}`]]);
    expect(await visitNotices(rep)).toEqual([]);
  });

  it('tells the assignee of a colleague’s booking, move, cancellation and restoring, never the colleague', async () => {
    const { leadId, slots, words } = await acceptedLead();
    const [first, , third] = slots;
    if (!first || !third) throw new Error('no free windows');
    const booked = await admin.post(`/api/admin/leads/${leadId}/booking`).send({ start: first.start }).expect(201);
    const visitId = bookingAnswerSchema.parse(booked.body).booking.visits[0]?.id as string;
    await admin.patch(`/api/admin/visits/${visitId}`).send({ start: third.start }).expect(200);
    await admin.patch(`/api/admin/visits/${visitId}`).send({ status: 'cancelled' }).expect(200);
    await admin.patch(`/api/admin/visits/${visitId}`).send({ status: 'scheduled' }).expect(200);
    // Completing a visit is no change of plan: nobody is told.
    await admin.patch(`/api/admin/visits/${visitId}`).send({ status: 'completed', confirmEarly: true }).expect(200);

    expect(await visitNotices(rep)).toEqual([
      ['visit_booked', `${ADMIN_NAME} put Ann Lee’s visit of ${words(third)} back on the schedule`],
      ['visit_cancelled', `${ADMIN_NAME} cancelled Ann Lee’s visit of ${words(third)}`],
      ['visit_rescheduled', `${ADMIN_NAME} moved Ann Lee’s visit to ${words(third)}`],
      ['visit_booked', `${ADMIN_NAME} booked Ann Lee for ${words(first)}`],
    ]);
    expect(await visitNotices(admin)).toEqual([]);
    expect(await visitNotices(onDuty)).toEqual([]);

    // The assignee's own changes tell nobody (the lead is theirs; the person on duty is not asked).
    const mine = await acceptedLead();
    const own = await rep
      .post(`/api/admin/leads/${mine.leadId}/booking`)
      .send({ start: mine.slots[1]?.start })
      .expect(201);
    const ownVisit = bookingAnswerSchema.parse(own.body).booking.visits[0]?.id as string;
    await rep.patch(`/api/admin/visits/${ownVisit}`).send({ start: mine.slots[4]?.start }).expect(200);
    await rep.patch(`/api/admin/visits/${ownVisit}`).send({ status: 'cancelled' }).expect(200);
    expect(await visitNotices(rep)).toHaveLength(4);
    expect(await visitNotices(onDuty)).toEqual([]);
    expect(await visitNotices(admin)).toEqual([]);
  });
});
