// A person's notifications (GET /api/admin/notifications, POST …/read): who is told of a new lead, an
// assignment, a reply or a quote answered; they wait until read or acted on; each reaches only its
// person's live stream (docs/decisions.md, "Notifications").
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { notificationListSchema } from '@shine/shared/responses/notifications';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { endLiveStreams } from '../src/live/live.service.ts';
import { type LiveClient, listenOn, openLive } from './support/live-client.ts';
import { sendNewQuote, tokenOf } from './support/quotes.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import {
  type Agent,
  ADMIN_NAME,
  describeApi,
  resetTables,
  signIn,
  useTestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

describeApi('notifications', () => {
  const t = useTestApp();
  let admin: Agent;
  let rep: Agent;
  let repId: string;
  let otherRep: Agent;
  let otherRepId: string;

  beforeAll(async () => {
    await resetTeam(t.db);
    repId = await addStaff(t.db, { email: 'rep@notify.example', role: 'sales', name: 'Rita Rep' });
    otherRepId = await addStaff(t.db, { email: 'other@notify.example', role: 'sales', name: 'Omar Other' });
    rep = await signIn(t.app, { username: 'rep@notify.example', password: STAFF_PASSWORD });
    otherRep = await signIn(t.app, { username: 'other@notify.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    // Their activities first: who logged what is kept, so a person with activities cannot be removed.
    await resetTables(t.db);
    await resetTeam(t.db);
  });
  beforeEach(async () => {
    admin = await t.agent();
    await t.db('company_settings').where({ key: 'lead-alerts' }).delete();
  });

  const listOf = async (agent: Agent) =>
    notificationListSchema.parse((await agent.get('/api/admin/notifications').expect(200)).body);
  const putOnDuty = (userId: string) =>
    admin
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(userId) })
      .expect(200);
  const newLead = async (overrides: Record<string, string> = {}) =>
    (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, ...overrides })
        .expect(201)
    ).body.id as string;

  it('a new lead goes to the person on duty, and no one else', async () => {
    await putOnDuty(repId);
    const leadId = await newLead();
    const mine = await listOf(rep);
    expect(mine.unread).toBe(1);
    expect(mine.items).toEqual([
      expect.objectContaining({
        kind: 'new_lead',
        leadId,
        text: 'New lead: Ann Lee (Deep, Website Form)',
        readAt: null,
      }),
    ]);
    expect((await listOf(otherRep)).items).toEqual([]);
    expect((await listOf(admin)).items).toEqual([]);
  });

  it('an assignment tells the new assignee who gave it, not the person who took it themselves', async () => {
    const leadId = await newLead({ email: 'assign@example.com' });
    await admin.patch(`/api/admin/leads/${leadId}`).send({ assignedTo: repId }).expect(200);
    expect((await listOf(rep)).items.map((item) => [item.kind, item.text])).toEqual([
      ['lead_assigned', `Ann Lee was assigned to you by ${ADMIN_NAME}`],
    ]);
    await otherRep.patch(`/api/admin/leads/${leadId}`).send({ assignedTo: otherRepId }).expect(200);
    expect((await listOf(otherRep)).items).toEqual([]);
    // The bulk assignment tells them too.
    await admin
      .post('/api/admin/leads/assign')
      .send({ ids: [leadId], assignedTo: repId })
      .expect(200);
    expect((await listOf(rep)).unread).toBe(2);
  });

  it('a reply, a repeat request and a quote answered go to the assignee', async () => {
    await putOnDuty(otherRepId);
    const leadId = await newLead({ email: 'quoted@example.com' });
    await admin.patch(`/api/admin/leads/${leadId}`).send({ assignedTo: repId }).expect(200);
    await newLead({ email: 'quoted@example.com' });
    const sent = await sendNewQuote(admin, leadId);
    await supertest(t.app)
      .get(`/q/${tokenOf(sent.url)}`)
      .expect(200);
    await supertest(t.app)
      .post(`/api/quotes/${tokenOf(sent.url)}/accept`)
      .send({ name: 'Ann Lee' })
      .expect(200);
    const kinds = (await listOf(rep)).items.map((item) => item.kind);
    expect(kinds).toEqual(['quote_accepted', 'quote_viewed', 'repeat_request', 'lead_assigned']);
    // The person on duty heard of the new lead only: the rest is the assignee's.
    expect((await listOf(otherRep)).items.map((item) => item.kind)).toEqual(['new_lead']);
  });

  it('stays until read: by id (only one’s own), all at once, or by acting on the lead', async () => {
    await putOnDuty(repId);
    const first = await newLead({ email: 'one@example.com' });
    const second = await newLead({ email: 'two@example.com', firstName: 'Bo', phone: '214-555-0102' });
    const third = await newLead({ email: 'three@example.com', firstName: 'Cy', phone: '214-555-0103' });
    const items = (await listOf(rep)).items;
    const idOf = (leadId: string) => items.find((item) => item.leadId === leadId)?.id as string;

    // Another person cannot read them.
    expect(
      (
        await otherRep
          .post('/api/admin/notifications/read')
          .send({ ids: [idOf(first)] })
          .expect(200)
      ).body,
    ).toEqual({
      marked: 0,
      unread: 0,
    });
    expect(
      (
        await rep
          .post('/api/admin/notifications/read')
          .send({ ids: [idOf(first)] })
          .expect(200)
      ).body,
    ).toEqual({
      marked: 1,
      unread: 2,
    });
    // Logging a call on a lead is acting on it.
    await rep.post('/api/admin/activities').send({ leadId: second, type: 'call', title: 'Called' }).expect(201);
    const after = await listOf(rep);
    expect(after.unread).toBe(1);
    expect(after.items.filter((item) => item.readAt === null).map((item) => item.leadId)).toEqual([third]);
    expect((await rep.post('/api/admin/notifications/read').send({ all: true }).expect(200)).body).toEqual({
      marked: 1,
      unread: 0,
    });
  });

  it('refuses a malformed read and changes nothing', async () => {
    await putOnDuty(repId);
    await newLead();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['nope'] }, { ids: [repId], all: true }]) {
      const response = await rep.post('/api/admin/notifications/read').send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await listOf(rep)).unread).toBe(1);
  });

  it('reaches only its person’s live stream', async () => {
    const http = await listenOn(t.app);
    const cookieOf = async (username: string) => {
      const response = await supertest(t.app).post('/api/admin/login').send({ username, password: STAFF_PASSWORD });
      return (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    };
    const streams: LiveClient[] = [];
    try {
      const mine = await openLive(http.baseUrl, { cookie: await cookieOf('rep@notify.example') });
      const theirs = await openLive(http.baseUrl, { cookie: await cookieOf('other@notify.example') });
      streams.push(mine, theirs);
      await mine.next('ready');
      await theirs.next('ready');
      await putOnDuty(repId);
      const leadId = await newLead({ email: 'live@example.com' });
      const event = await mine.next('notification.created');
      expect(event.data).toMatchObject({ type: 'notification.created', userId: repId, leadId });
      // The other stream hears of the lead, and of nothing meant for someone else before it.
      const heard: string[] = [];
      for (;;) {
        const next = await theirs.next();
        heard.push(next.event);
        if (next.event === 'lead.created') break;
      }
      expect(heard).not.toContain('notification.created');
    } finally {
      for (const stream of streams) stream.close();
      await endLiveStreams(t.db);
      await http.close();
    }
  });
});
