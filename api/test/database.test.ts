import { afterAll, beforeAll, expect, it } from 'vitest';
import supertest from 'supertest';
import { ensureFirstAdmin } from '../src/auth/first-admin.ts';
import { verifyPassword } from '../src/auth/passwords.ts';
import { resolveSessionSecrets } from '../src/db/app-secrets.ts';
import { listMigrations, migrateLatest, migrateRollback } from '../src/db/migrate.ts';
import { applyLeadFilter } from '../src/leads/lead-filter.ts';
import {
  ADMIN,
  buildTestApp,
  createTestDatabase,
  describeApi,
  insertLead,
  type TestDatabase,
  VALID_QUOTE,
} from './support/test-app.ts';

describeApi('schema and database plumbing', () => {
  let testDb: TestDatabase;
  const db = () => testDb.database.knex;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('the search uses the trigram indexes', async () => {
    const query = applyLeadFilter(db()('leads').select('id'), { search: 'smith' }).toSQL();
    const plan = await db().transaction(async (trx) => {
      // A nearly empty table would be scanned whatever the indexes: ask what the planner can use.
      await trx.raw('set local enable_seqscan = off');
      const result = await trx.raw(`explain ${query.sql}`, query.bindings as string[]);
      return (result.rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('leads_full_name_trgm_idx');
    expect(plan).toContain('leads_email_trgm_idx');
    expect(plan).toContain('leads_phone_trgm_idx');
  });

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
    const created = await ensureFirstAdmin(db(), {
      adminEmail: 'owner@example.com',
      adminPassword: 'owner-password-123',
    });
    expect(created).toEqual({ username: 'owner@example.com' });
    const row = await db()('users').where({ username: 'owner@example.com' }).first();
    expect(await verifyPassword(row?.password_hash as string, 'owner-password-123')).toBe(true);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(
      await ensureFirstAdmin(db(), { adminEmail: 'second@example.com', adminPassword: 'x'.repeat(12) }),
    ).toBeUndefined();
    await db()('users').delete();
  });

  it('without configuration creates admin@localhost with a generated password to print once', async () => {
    const created = await ensureFirstAdmin(db(), { adminEmail: undefined, adminPassword: undefined });
    expect(created?.username).toBe('admin@localhost');
    expect(created?.generatedPassword).toMatch(/^[\w-]{20}$/);
    const row = await db()('users').where({ username: 'admin@localhost' }).first();
    expect(await verifyPassword(row?.password_hash as string, created?.generatedPassword as string)).toBe(true);
    await db()('users').delete();
  });

  it('generates the session secret once and keeps it', async () => {
    const first = await resolveSessionSecrets(db(), []);
    expect(first[0]).toHaveLength(43);
    expect(await resolveSessionSecrets(db(), [])).toEqual(first);
    expect(await resolveSessionSecrets(db(), ['configured'])).toEqual(['configured']);
  });

  it('shares sessions and rate-limit counters between two app processes on one database', async () => {
    const one = await buildTestApp(db(), { env: { RATE_LIMIT_LEADS_PER_MINUTE: '2' } });
    const two = await buildTestApp(db(), { env: { RATE_LIMIT_LEADS_PER_MINUTE: '2' } });
    try {
      expect((await supertest(one.app).post('/api/leads').send(VALID_QUOTE)).status).toBe(201);
      expect((await supertest(two.app).post('/api/leads').send(VALID_QUOTE)).status).toBe(201);
      expect((await supertest(one.app).post('/api/leads').send(VALID_QUOTE)).status).toBe(429);
      const login = await supertest(one.app).post('/api/admin/login').send(ADMIN);
      const cookie = ([] as string[])
        .concat(login.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0] as string;
      expect((await supertest(two.app).get('/api/admin/me').set('cookie', cookie)).body.isAuthenticated).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('bumps the change counters inside the writing transaction only', async () => {
    const version = async () => Number((await db()('data_versions').where({ name: 'leads' }).first())?.version);
    const before = await version();
    await insertLead(db());
    expect(await version()).toBe(before + 1);
    await db()
      .transaction(async (trx) => {
        await insertLead(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await version()).toBe(before + 1);
    // A statement that changes no row (an unknown id) leaves the counter alone.
    await db()('leads').where({ id: '00000000-0000-4000-8000-000000000000' }).delete();
    await db()('leads').where({ id: '00000000-0000-4000-8000-000000000000' }).update({ notes: 'x' });
    expect(await version()).toBe(before + 1);
  });

  it('every migration rolls back and applies again', async () => {
    const all = (await listMigrations(db())).completed;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const reverted = await migrateRollback(db(), true);
    expect(reverted).toEqual([...all].reverse());
    const tables = await db()('information_schema.tables')
      .where({ table_schema: db().raw('current_schema()') })
      .pluck('table_name');
    expect(tables.filter((name: string) => !name.startsWith('knex_'))).toEqual([]);
    expect(await migrateLatest(db())).toEqual(all);
  });
});
