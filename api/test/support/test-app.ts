// Builds the app the way server.ts does, on a throw-away database: PGlite in memory, or a schema of
// its own in the PostgreSQL project's database (TEST_DATABASE_URL, or the embedded server the
// project's global setup starts without it). One per test file; tables are emptied before each test.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import type { Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { createApp } from '../../src/app.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { migrateLatest } from '../../src/db/migrate.ts';
import { signalsHeard } from '../../src/db/listen-notify.ts';
import { type LeadEventListener, listenToLeadEvents } from '../../src/lead-events/lead-events.service.ts';
import { createLogger, type Logger } from '../../src/logger.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './admin.ts';

export const driver = process.env.SHINE_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';
/** The PostgreSQL project's database (see postgres-setup.ts); undefined on the other projects. */
export const testDatabaseUrl = driver === 'postgres' ? inject('postgresUrl') : undefined;

/**
 * The tests' describe(). The PostgreSQL project always has a server (postgres-setup.ts starts one when
 * TEST_DATABASE_URL is unset, or fails the run); this skips only a file run without that setup.
 */
export const describeApi: typeof describe =
  driver === 'postgres' && !testDatabaseUrl ? (describe.skip as typeof describe) : describe;

export const ADMIN = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } as const;
/** The test admin's display name. */
export const ADMIN_NAME = 'Test Admin';

// argon2id is slow on purpose: the projects' global setup hashes the admin password once per run.
let adminHash: Promise<string> | undefined;
const hashedAdminPassword = () =>
  (adminHash ??= Promise.resolve(inject('adminPasswordHash') ?? hashPassword(ADMIN.password)));

export interface TestDatabase {
  database: Database;
  drop: () => Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const snapshotFile = inject('pgliteSnapshotFile');
    const pgliteSnapshot = snapshotFile ? new Blob([readFileSync(snapshotFile)]) : undefined;
    const database = await createDatabase({ dataDir: 'memory://', pgliteSnapshot });
    await migrateLatest(database.knex);
    return { database, drop: () => database.close() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await createDatabase({ databaseUrl: testDatabaseUrl, poolMax: 1 });
  await admin.knex.raw(`create schema ${schema}`);
  const database = await createDatabase({ databaseUrl: testDatabaseUrl, searchPath: [schema, 'public'], poolMax: 5 });
  await migrateLatest(database.knex);
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.knex.raw(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

// One database per test file, shared by its describe blocks (their tests run one after another and
// empty the tables first); dropped when the file is done, by the hook test/support/per-file.ts
// registers for every file (a hook registered here would be registered once per worker: the suite
// runs without isolation, so a module is loaded once for every file of a worker).
let sharedDatabase: Promise<TestDatabase> | undefined;
async function fileDatabase(): Promise<Knex> {
  sharedDatabase ??= createTestDatabase();
  return (await sharedDatabase).database.knex;
}
/** Drops the file's database, if it made one. */
export async function dropFileDatabase(): Promise<void> {
  const database = sharedDatabase;
  sharedDatabase = undefined;
  await (await database)?.drop();
}

export interface TestApp {
  app: Express;
  db: Knex;
  config: Config;
  adminId: string;
  /** The app's clock; set `clock.now` to pin it, undefined for the real time. */
  clock: { now: Date | undefined };
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Also empty the sessions table before each test (files that test sign-in and sign-out). */
  resetSessions?: boolean;
  /** Reuse a database (several apps on one database, like several processes). */
  db?: Knex;
  /** Hears of committed lead events, as server.ts wires the automation engine (or a test's recorder). */
  onLeadEvent?: LeadEventListener;
  /** The app's logger (default: silent); a test may capture the lines. */
  logger?: Logger;
}

export async function buildTestApp(db: Knex, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    RATE_LIMIT_LEADS_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_15_MINUTES: '100000',
    SITE_DIST_DIR: '/nonexistent/site-dist',
    CRM_DIST_DIR: '/nonexistent/crm-dist',
    ...options.env,
  });
  const existing = await db('users').whereRaw('lower(username) = lower(?)', [ADMIN.username]).first('id');
  const [admin] = existing
    ? [existing]
    : await db('users')
        .insert({ username: ADMIN.username, name: ADMIN_NAME, password_hash: await hashedAdminPassword() })
        .returning('id');
  const clock: TestApp['clock'] = { now: undefined };
  const { app, close } = createApp({
    config,
    db,
    logger: options.logger ?? createLogger(config),
    sessionSecrets: ['test-session-secret-of-at-least-32-characters'],
    now: () => clock.now ?? new Date(),
  });
  const stopListening = options.onLeadEvent ? listenToLeadEvents(db, options.onLeadEvent) : undefined;
  return {
    app,
    db,
    config,
    adminId: admin?.id as string,
    clock,
    close: async () => {
      stopListening?.();
      close();
    },
  };
}

/**
 * Empties every data table (users stay), in one statement so foreign keys are no obstacle. Sessions
 * stay too unless asked, so a file signs in once (argon2 is slow by design).
 */
export async function resetTables(db: Knex, options: { sessions?: boolean } = {}): Promise<void> {
  // cascade: tables that reference these (e.g. automation runs of a lead) are emptied with them.
  await db.raw(
    `truncate table activities, leads, automations, templates, rate_limits, login_attempts, intake_rejections, held_submissions, stripe_events${options.sessions ? ', sessions' : ''} cascade`,
  );
}

/**
 * The usual setup of a test file: one database and app for the file, tables emptied and the clock
 * unpinned before each test. Read the returned object's fields inside tests (they are set in beforeAll).
 */
export interface TestAppContext extends TestApp {
  /** A client signed in as the test admin, shared by the file's tests. */
  agent: () => Promise<Agent>;
}

export function useTestApp(options: Omit<TestAppOptions, 'db'> = {}): TestAppContext {
  let shared: { agent: Agent; signedInAt: number } | undefined;
  const context = {
    // A session ends SESSION_ABSOLUTE_HOURS after sign-in on the app's clock. A test whose clock is
    // pinned far from the one that signed in (a week later, or the real now after a pinned past) would
    // meet a session that has ended: it signs in anew, on its own clock.
    agent: async () => {
      const now = (context.clock.now ?? new Date()).getTime();
      if (shared === undefined || Math.abs(now - shared.signedInAt) > context.config.sessionAbsoluteMs / 2) {
        shared = { agent: await signIn(context.app), signedInAt: now };
      }
      return shared.agent;
    },
  } as TestAppContext;
  beforeAll(async () => {
    Object.assign(context, await buildTestApp(await fileDatabase(), options));
  });
  beforeEach(async () => {
    context.clock.now = undefined;
    await resetTables(context.db, { sessions: options.resetSessions });
    if (options.resetSessions) shared = undefined;
  });
  afterAll(async () => {
    await context.close?.();
  });
  return context;
}

export type Agent = ReturnType<typeof supertest.agent>;

/** A cookie-keeping client, signed in as the test admin. */
export async function signIn(
  app: Express,
  credentials: { username: string; password: string } = ADMIN,
): Promise<Agent> {
  const agent = supertest.agent(app);
  const response = await agent.post('/api/admin/login').send(credentials);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return agent;
}

export const VALID_QUOTE = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  phone: '214-555-0100',
  zipcode: '75201',
  bedrooms: '2',
  bathrooms: '1.5',
  cleaningType: 'Deep',
  frequency: 'Biweekly',
  notes: 'Two dogs, friendly.',
} as const;

/** Inserts a lead directly (tests craft data the public form cannot, e.g. status and dates). */
export async function insertLead(db: Knex, overrides: Record<string, unknown> = {}): Promise<string> {
  const [row] = await db('leads')
    .insert({
      first_name: 'Test',
      last_name: 'Lead',
      email: 'test.lead@example.com',
      phone: '214-555-0199',
      zipcode: '75201',
      bedrooms: '2',
      bathrooms: '1',
      cleaning_type: 'Basic',
      frequency: 'Weekly',
      notes: null,
      ...overrides,
    })
    .returning('id');
  await cachesHeard(db);
  return (row as { id: string }).id;
}

/**
 * After a test writes to the database directly (not through the app): waits until the app's caches have
 * heard the change's notification, as the app's own writes do before they answer (http/write-barrier.ts),
 * so the next request's ETag and totals show it.
 */
export function cachesHeard(db: Knex): Promise<void> {
  return signalsHeard(db);
}

/** Row count as a number (PostgreSQL's driver answers count(*) as a string, PGlite as a number). */
export async function countRows(db: Knex, table: string): Promise<number> {
  const row = (await db(table).count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}
