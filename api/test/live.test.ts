// The live stream (GET /api/admin/events) on the real HTTP stack, on both databases: who may open it,
// what a committed change sends (and a rolled-back one does not), resumption with Last-Event-ID, the
// end of a revoked session's stream, the per-user cap, and delivery across processes on PostgreSQL.
import type { LiveEvent } from '@shine/shared/live';
import { API_ERRORS } from '@shine/shared/messages';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from '../src/live/live.routes.ts';
import { endLiveStreams, publishLiveEvent, publishSessionsRevoked } from '../src/live/live.service.ts';
import { openSecondPool } from './support/automation-engine.ts';
import { type LiveClient, listenOn, openLive } from './support/live-client.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import {
  ADMIN,
  buildTestApp,
  cachesHeard,
  describeApi,
  driver,
  type TestApp,
  useTestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

const LEAD_ID = '00000000-0000-4000-8000-000000000001';

async function sessionCookie(
  app: TestApp['app'],
  credentials: { username: string; password: string } = ADMIN,
): Promise<string> {
  const response = await supertest(app).post('/api/admin/login').send(credentials);
  expect(response.status, response.text).toBe(200);
  return (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}

describeApi('live stream', () => {
  const t = useTestApp();
  let http: Awaited<ReturnType<typeof listenOn>>;
  let cookie: string;
  const open: LiveClient[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const client = await openLive(http.baseUrl, { cookie, ...headers });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    http = await listenOn(t.app);
    cookie = await sessionCookie(t.app);
  });
  // Each test starts with no stream open (the per-user cap would count the last test's).
  beforeEach(async () => {
    for (const client of open.splice(0)) client.close();
    await endLiveStreams(t.db);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await endLiveStreams(t.db);
    await http.close();
  });

  it('refuses a client that is not signed in (401) and one from another site (403)', async () => {
    const stranger = await openLive(http.baseUrl);
    expect(stranger.status).toBe(401);
    expect(JSON.parse(stranger.preamble)).toEqual({ message: API_ERRORS.unauthenticated });
    const foreign = await openLive(http.baseUrl, { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.preamble)).toEqual({ message: API_ERRORS.crossOrigin });
    const crossSite = await openLive(http.baseUrl, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('says it listens, then sends a new lead from the quote form as it commits', async () => {
    const client = await connect();
    expect(client.preamble).toMatch(/^retry: \d+\n\n/);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // Neither a cache nor compression may hold the stream back.
    expect(client.headers['cache-control']).toBe('no-store, no-transform');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect((await client.next()).event).toBe('ready');
    const created = await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    expect(created.status, created.text).toBe(201);
    const event = await client.next('lead.created');
    expect(event.data).toEqual({ type: 'lead.created', leadId: created.body.id });
    expect(event.id).toMatch(/^[0-9a-z]+-[\w-]+$/);
  });

  it('sends a status change by staff with the name of what changed, never the record', async () => {
    const { body: lead } = await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    const client = await connect();
    await client.next('ready');
    const agent = await t.agent();
    await agent.patch(`/api/admin/leads/${lead.id}/status`).send({ status: 'Contacted' }).expect(200);
    expect((await client.next('lead.updated')).data).toEqual({
      type: 'lead.updated',
      leadId: lead.id,
      changes: ['status'],
    });
  });

  it('sends an activity as it is logged, a repeat request as a change of the lead, and a held quote', async () => {
    const { body: lead } = await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    const client = await connect();
    await client.next('ready');
    const agent = await t.agent();
    const { body: activity } = await agent
      .post('/api/admin/activities')
      .send({ leadId: lead.id, type: 'call', title: 'Called back', status: 'completed' })
      .expect(201);
    expect((await client.next('activity.created')).data).toEqual({
      type: 'activity.created',
      leadId: lead.id,
      activityId: activity.id,
    });

    await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    expect((await client.next('lead.updated')).data).toEqual({
      type: 'lead.updated',
      leadId: lead.id,
      changes: ['requests'],
    });

    await supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, phone: '214-555-0199', website: 'https://spam.example' })
      .expect(201);
    const held = await client.next('held.created');
    const [row] = await t.db('held_submissions').select('id');
    expect(held.data).toEqual({ type: 'held.created', heldId: row?.id });
  });

  it('sends a field edit and a bulk assignment as changes of each lead, one event per lead', async () => {
    const first = (await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body;
    const second = (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...VALID_QUOTE, email: 'bo@example.com', phone: '214-555-0142' })
        .expect(201)
    ).body;
    const client = await connect();
    await client.next('ready');
    const agent = await t.agent();
    await agent
      .patch(`/api/admin/leads/${first.id}`)
      .send({ priority: 'High', tags: ['vip'] })
      .expect(200);
    expect((await client.next('lead.updated')).data).toEqual({
      type: 'lead.updated',
      leadId: first.id,
      changes: ['priority', 'tags'],
    });
    await agent
      .post('/api/admin/leads/assign')
      .send({ ids: [first.id, second.id], assignedTo: t.adminId })
      .expect(200);
    const assigned = [(await client.next('lead.updated')).data, (await client.next('lead.updated')).data];
    expect(assigned).toEqual(
      expect.arrayContaining([
        { type: 'lead.updated', leadId: first.id, changes: ['assignedTo'] },
        { type: 'lead.updated', leadId: second.id, changes: ['assignedTo'] },
      ]),
    );
  });

  it("a disabled person's streams end at once", async () => {
    const repId = await addStaff(t.db, { email: 'rep.live@example.com', role: 'sales', name: 'Rep Live' });
    const repCookie = await sessionCookie(t.app, { username: 'rep.live@example.com', password: STAFF_PASSWORD });
    const stream = await connect({ cookie: repCookie });
    await stream.next('ready');
    const agent = await t.agent();
    await agent.patch(`/api/admin/users/${repId}`).send({ disabled: true }).expect(200);
    await stream.ended;
    const again = await openLive(http.baseUrl, { cookie: repCookie });
    expect(again.status).toBe(401);
    await resetTeam(t.db);
  });

  it('sends a person added in Team, edited, disabled and enabled, by id; nothing for an edit that changes nothing', async () => {
    const client = await connect();
    await client.next('ready');
    const agent = await t.agent();
    const { body } = await agent
      .post('/api/admin/users')
      .send({ name: 'Nia Live', email: 'nia.live@example.com', role: 'sales' })
      .expect(201);
    const userId = body.user.id as string;
    expect((await client.next('user.created')).data).toEqual({ type: 'user.created', userId });
    await agent.patch(`/api/admin/users/${userId}`).send({ name: 'Nia Lively' }).expect(200);
    expect((await client.next('user.changed')).data).toEqual({ type: 'user.changed', userId });
    await agent.patch(`/api/admin/users/${userId}`).send({ name: 'Nia Lively' }).expect(200);
    await agent.patch(`/api/admin/users/${userId}`).send({ disabled: true }).expect(200);
    await agent.patch(`/api/admin/users/${userId}`).send({ disabled: false }).expect(200);
    await agent.patch('/api/admin/me').send({ phone: '214-555-0111' }).expect(200);
    // In commit order: the edit that changed nothing sent nothing before the disabling.
    expect((await client.next('user.changed')).data).toEqual({ type: 'user.changed', userId });
    expect((await client.next('user.changed')).data).toEqual({ type: 'user.changed', userId });
    expect((await client.next('user.changed')).data).toEqual({ type: 'user.changed', userId: t.adminId });
    await resetTeam(t.db);
  });

  it('sends nothing for a change that rolls back', async () => {
    const client = await connect();
    await client.next('ready');
    await expect(
      t.db.transaction(async (trx) => {
        await publishLiveEvent(trx, { type: 'held.created', heldId: LEAD_ID });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed: LiveEvent = { type: 'lead.created', leadId: LEAD_ID };
    await publishLiveEvent(t.db, committed);
    // Notifications arrive in commit order: had the rolled-back one been sent, it would come first.
    expect((await client.next()).data).toEqual(committed);
  });

  it('resumes after Last-Event-ID with what was missed, and asks for a resync when it cannot', async () => {
    const first = await connect();
    await first.next('ready');
    await publishLiveEvent(t.db, { type: 'lead.created', leadId: LEAD_ID });
    const seen = await first.next('lead.created');
    first.close();
    const missed: LiveEvent = { type: 'lead.updated', leadId: LEAD_ID, changes: ['tags'] };
    await publishLiveEvent(t.db, missed);
    // The replay comes from what this process's hub has heard: the event must have reached it first.
    await cachesHeard(t.db);

    const again = await connect({ 'last-event-id': seen.id as string });
    const replayed = await again.next();
    expect(replayed.data).toEqual(missed);
    expect(await again.next()).toEqual({ event: 'ready', data: { resumed: true } });

    const lost = await connect({ 'last-event-id': 'unknown-id' });
    expect(await lost.next()).toEqual({ event: 'resync', data: { resumed: false } });
  });

  it("ends a user's streams at once when their sessions are revoked", async () => {
    const client = await connect();
    await client.next('ready');
    await publishSessionsRevoked(t.db, t.adminId);
    await client.ended;
    await expect(client.next()).rejects.toThrow('the stream ended');
  });

  it(`allows ${MAX_STREAMS_PER_SESSION} streams per session, then answers 429`, async () => {
    const clients = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) clients.push(await connect());
    await Promise.all(clients.map((client) => client.next('ready')));
    const extra = await connect();
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.preamble)).toEqual({ message: API_ERRORS.tooManyLiveStreams });
    clients[0]?.close();
    await clients[0]?.ended;
    // The server hears the close on its own time: wait for the slot, not for a fixed pause.
    await expect.poll(async () => (await connect()).status, { timeout: 5_000 }).toBe(200);
    await endLiveStreams(t.db);
  });
  it(`a session holding its ${MAX_STREAMS_PER_SESSION} streams does not starve the user's other devices; the user's ceiling is ${MAX_STREAMS_PER_USER}`, async () => {
    // The stolen session holds its six...
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) await (await connect()).next('ready');
    expect((await connect()).status).toBe(429);
    // ...and the user's own other devices still connect, up to the user's ceiling across sessions.
    let opened = MAX_STREAMS_PER_SESSION;
    while (opened < MAX_STREAMS_PER_USER) {
      const device = await sessionCookie(t.app);
      for (let i = 0; i < MAX_STREAMS_PER_SESSION && opened < MAX_STREAMS_PER_USER; i++, opened++) {
        const stream = await connect({ cookie: device });
        expect(stream.status).toBe(200);
        await stream.next('ready');
      }
    }
    const beyond = await connect({ cookie: await sessionCookie(t.app) });
    expect(beyond.status).toBe(429);
    expect(JSON.parse(beyond.preamble)).toEqual({ message: API_ERRORS.tooManyLiveStreams });
  });

  describe('a stream ends as soon as its session does, before any later event', () => {
    const REP = { username: 'rep.sessions@example.com', password: STAFF_PASSWORD };
    let repId: string;
    beforeEach(async () => {
      await resetTeam(t.db);
      repId = await addStaff(t.db, { email: REP.username, role: 'sales', name: 'Rep Sessions' });
    });
    afterAll(async () => resetTeam(t.db));

    /** The stream ends without the event published after `end` answered (notices arrive in commit order). */
    async function expectEndedBefore(stream: LiveClient) {
      await publishLiveEvent(t.db, { type: 'lead.created', leadId: LEAD_ID });
      await expect(stream.next('lead.created')).rejects.toThrow('the stream ended');
      await stream.ended;
    }

    it("a password change elsewhere ends the other sessions' streams; the changer's own stream stays", async () => {
      const stolen = await connect({ cookie: await sessionCookie(t.app, REP) });
      await stolen.next('ready');
      const mine = await sessionCookie(t.app, REP);
      const own = await connect({ cookie: mine });
      await own.next('ready');
      const changed = await supertest(t.app)
        .post('/api/admin/me/password')
        .set('cookie', mine)
        .send({ currentPassword: REP.password, newPassword: 'a-brand-new-password-42' });
      expect(changed.status, changed.text).toBe(204);
      await expectEndedBefore(stolen);
      expect((await own.next('lead.created')).data).toEqual({ type: 'lead.created', leadId: LEAD_ID });
    });

    it("signing out ends that session's streams only", async () => {
      const session = await sessionCookie(t.app, REP);
      const other = await connect({ cookie: await sessionCookie(t.app, REP) });
      await other.next('ready');
      const stream = await connect({ cookie: session });
      await stream.next('ready');
      await supertest(t.app).post('/api/admin/logout').set('cookie', session).expect(204);
      await expectEndedBefore(stream);
      expect((await other.next('lead.created')).data).toEqual({ type: 'lead.created', leadId: LEAD_ID });
    });

    it('a password set by a set-up link ends every stream of the person', async () => {
      const stream = await connect({ cookie: await sessionCookie(t.app, REP) });
      await stream.next('ready');
      const reset = await (await t.agent()).post(`/api/admin/users/${repId}/reset`);
      expect(reset.status, reset.text).toBe(200);
      const token = String(reset.body.setupUrl).split('/').pop();
      await supertest(t.app)
        .post('/api/setup-password')
        .send({ token, password: 'a-brand-new-password-42' })
        .expect(204);
      await expectEndedBefore(stream);
    });
  });
});

describe.skipIf(driver !== 'postgres')('live stream across processes (PostgreSQL)', () => {
  const t = useTestApp();
  let second: Awaited<ReturnType<typeof openSecondPool>>;
  let other: TestApp;
  let http: Awaited<ReturnType<typeof listenOn>>;

  beforeAll(async () => {
    second = await openSecondPool(t.db);
    other = await buildTestApp(second.db);
    http = await listenOn(other.app);
  });
  afterAll(async () => {
    await endLiveStreams(second.db);
    await http.close();
    await other.close();
    await second.close();
  });

  it('a quote taken by one process reaches a stream held by another', async () => {
    const client = await openLive(http.baseUrl, { cookie: await sessionCookie(other.app) });
    await client.next('ready');
    const created = await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    expect(created.status, created.text).toBe(201);
    expect((await client.next('lead.created')).data).toEqual({ type: 'lead.created', leadId: created.body.id });
    client.close();
  });
  it("signing out in one process ends the session's stream held by another, before any later event", async () => {
    const session = await sessionCookie(other.app);
    const client = await openLive(http.baseUrl, { cookie: session });
    await client.next('ready');
    await supertest(t.app).post('/api/admin/logout').set('cookie', session).expect(204);
    await publishLiveEvent(t.db, { type: 'lead.created', leadId: LEAD_ID });
    await expect(client.next('lead.created')).rejects.toThrow('the stream ended');
  });
});
