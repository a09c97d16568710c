// Revalidation without the database (docs/decisions.md): two app instances on one database, each
// with its own pool, listener and caches (like two processes; on PGlite two apps on the one
// embedded database). A signed-in 304 makes no query once the caches are current; a sign-out, a
// disabled user, a password change or an expired session in one ends the session in the other (as
// soon as its notification is delivered); a lead written through one moves the other's ETag; and
// while a listener is down its caches are not used. Within one process a write is seen by the next
// request exactly (leads-admin.test.ts, reports.test.ts: 304 until a change, then 200).
import type { Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { CACHE_MAX_LAG_MS } from '../src/db/invalidation-feed.ts';
import { signalsAreCurrent } from '../src/db/listen-notify.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import {
  ADMIN,
  buildTestApp,
  describeApi,
  driver,
  type TestApp,
  testDatabaseUrl,
  useTestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

const LIST = '/api/admin/leads';

/** A second pool on the same schema, with an application_name of its own to find its listener by. */
async function openOtherProcess(db: Knex, applicationName: string): Promise<{ db: Knex; close: () => Promise<void> }> {
  if (driver === 'pglite') return { db, close: async () => {} };
  const result = await db.raw('select current_schema() as schema');
  const schema = (result.rows as Array<{ schema: string }>)[0]?.schema as string;
  const other = await createDatabase({
    databaseUrl: testDatabaseUrl,
    searchPath: [schema, 'public'],
    poolMax: 5,
    applicationName,
  });
  return { db: other.knex, close: () => other.close() };
}

async function cookieOf(app: TestApp['app'], credentials: { username: string; password: string } = ADMIN) {
  const response = await supertest(app).post('/api/admin/login').send(credentials);
  expect(response.status, response.text).toBe(200);
  return (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}

/** A request and the number of queries its app's knex sent while it ran. */
async function countingQueries(db: Knex, request: () => Promise<supertest.Response>) {
  let queries = 0;
  const count = () => {
    queries++;
  };
  db.on('query', count);
  try {
    const response = await request();
    return { status: response.status, etag: response.headers.etag as string | undefined, queries };
  } finally {
    db.off('query', count);
  }
}

describeApi('revalidation from per-process caches', () => {
  const a = useTestApp({ resetSessions: true });
  const applicationName = `shine-test-b-${process.pid}-${Date.now().toString(36)}`;
  let other: Awaited<ReturnType<typeof openOtherProcess>>;
  let b: TestApp;

  beforeAll(async () => {
    other = await openOtherProcess(a.db, applicationName);
    b = await buildTestApp(other.db);
  });
  beforeEach(async () => {
    await resetTeam(a.db);
  });
  afterAll(async () => {
    await b.close();
    await other.close();
  });

  const listIn = (app: TestApp['app'], cookie: string, etag?: string) => {
    const request = supertest(app).get(LIST).set('Cookie', cookie);
    return etag ? request.set('If-None-Match', etag) : request;
  };

  /**
   * For changes that are not revocations (a new lead, an expiry written straight to the table):
   * another process hears them as soon as PostgreSQL delivers the notification, normally before the
   * writer has answered; under load it may take a little longer, never more than the caches' bound
   * (CACHE_MAX_LAG_MS) plus the event loop's delay: wait for the status, within one second.
   */
  const expectInB = (request: () => supertest.Test) =>
    expect.poll(async () => (await request()).status, { timeout: 1_000, interval: 10 });

  /** Waits until B answers this cookie's revalidation from memory: 304 and no query. */
  async function warmB(cookie: string): Promise<string> {
    const first = await listIn(b.app, cookie);
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.etag as string;
    await expect
      .poll(() => countingQueries(b.db, () => listIn(b.app, cookie, etag)), { timeout: 5_000 })
      .toMatchObject({ status: 304, queries: 0 });
    return etag;
  }

  it('answers a signed-in revalidation (304) without a database query once its caches are current', async () => {
    const cookie = await cookieOf(a.app);
    const etag = await warmB(cookie);
    expect(await countingQueries(b.db, () => listIn(b.app, cookie, etag))).toEqual({ status: 304, etag, queries: 0 });
  });

  it('refuses the cookie in B on the next request after a sign-out in A', async () => {
    const cookie = await cookieOf(a.app);
    const etag = await warmB(cookie);
    await supertest(a.app).post('/api/admin/logout').set('Cookie', cookie).expect(204);
    // Writes that take access away answer only once no process can trust an older cache.
    expect((await listIn(b.app, cookie, etag)).status).toBe(401);
  });

  it("refuses a user's cookie in B on the next request after A disables them", async () => {
    const staffId = await addStaff(a.db, { email: 'kim@example.com', role: 'sales', name: 'Kim' });
    const staff = await cookieOf(a.app, { username: 'kim@example.com', password: STAFF_PASSWORD });
    const etag = await warmB(staff);
    const admin = await cookieOf(a.app);
    await supertest(a.app)
      .patch(`/api/admin/users/${staffId}`)
      .set('Cookie', admin)
      .send({ disabled: true })
      .expect(200);
    expect((await listIn(b.app, staff, etag)).status).toBe(401);
  });

  it("refuses a user's other sessions in B on the next request after a password change in A", async () => {
    const credentials = { username: 'lee@example.com', password: STAFF_PASSWORD };
    await addStaff(a.db, { email: credentials.username, role: 'sales', name: 'Lee' });
    const changing = await cookieOf(a.app, credentials);
    const elsewhere = await cookieOf(a.app, credentials);
    const etag = await warmB(elsewhere);
    await supertest(a.app)
      .post('/api/admin/me/password')
      .set('Cookie', changing)
      .send({ currentPassword: STAFF_PASSWORD, newPassword: 'a-brand-new-passphrase-42' })
      .expect(204);
    expect((await listIn(b.app, elsewhere, etag)).status).toBe(401);
    expect((await listIn(b.app, changing)).status).toBe(200);
  });

  it('refuses the cookie in B once its session has expired in the database', async () => {
    const cookie = await cookieOf(a.app);
    const etag = await warmB(cookie);
    // What the idle timeout looks like to the store: the row's expiry has passed.
    await a.db('sessions').update({ expired: new Date(Date.now() - 1_000) });
    await expectInB(() => listIn(b.app, cookie, etag)).toBe(401);
  });

  it('answers 200 with a new ETag in B, not a stale 304, after a lead is written through A', async () => {
    const cookie = await cookieOf(a.app);
    const etag = await warmB(cookie);
    await supertest(a.app).post('/api/leads').send(VALID_QUOTE).expect(201);
    await expectInB(() => listIn(b.app, cookie, etag)).toBe(200);
    const after = await listIn(b.app, cookie, etag);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.items).toHaveLength(1);
  });

  it.skipIf(driver !== 'postgres')(
    'reads the database while its listener is down (a lost notification lets nothing stale through)',
    async () => {
      const cookie = await cookieOf(a.app);
      const etag = await warmB(cookie);
      await a.db.raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?', [
        `${applicationName}-listen`,
      ]);
      await expect.poll(() => signalsAreCurrent(b.db, CACHE_MAX_LAG_MS), { timeout: 5_000 }).toBe(false);
      // Changes that notify nobody, as if their notifications were lost: triggers off for one transaction.
      await a.db.transaction(async (trx) => {
        await trx.raw('set local session_replication_role = replica');
        await trx('data_versions').where({ name: 'leads' }).increment('version', 1);
      });
      const moved = await listIn(b.app, cookie, etag);
      expect(moved.status).toBe(200);
      expect(moved.headers.etag).not.toBe(etag);
      await a.db.transaction(async (trx) => {
        await trx.raw('set local session_replication_role = replica');
        await trx('sessions').delete();
      });
      expect((await listIn(b.app, cookie)).status).toBe(401);
      // Back to answering from memory once the listener is back (and has forgotten everything).
      const again = await cookieOf(a.app);
      await warmB(again);
    },
  );
});
