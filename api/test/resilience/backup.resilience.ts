// Backups: `pnpm db:backup` then `pnpm db:restore` give back exactly the data that
// was backed up, row by row in every table, for the embedded database and for PostgreSQL. Between the
// two the data is changed, so a restore that did nothing would fail the comparison.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { signInTestApp, startTestApp } from './support/app.ts';
import { recordFigure } from './support/figures.ts';
import { API_DIR, REPO_ROOT } from './support/server-process.ts';
import { XSS_PAYLOADS, UNICODE_PAYLOADS } from './support/arbitraries.ts';
import { makeTempDir, trackDatabase } from './support/run-resources.ts';
import { findPgTool } from '../../src/cli/db-backup-restore.ts';
import { reportMissingPart } from '../support/missing-parts.ts';

const run = promisify(execFile);

type Snapshot = Record<string, string[]>;

/**
 * Every row of every table (migrations, sessions and secrets included), as sorted JSON text. UNLOGGED
 * tables (the rate-limit counters) are left out: by design they are emptied whenever PostgreSQL starts
 * without a clean shutdown record, which is what a restored PGlite directory is.
 */
async function snapshot(db: Knex): Promise<Snapshot> {
  const tables = await db
    .select<Array<{ table_name: string }>>('c.relname as table_name')
    .from('pg_class as c')
    .join('pg_namespace as n', 'n.oid', 'c.relnamespace')
    .where({ 'n.nspname': 'public', 'c.relkind': 'r', 'c.relpersistence': 'p' })
    .orderBy('c.relname');
  const result: Snapshot = {};
  for (const { table_name: table } of tables) {
    const rows = await db.select(db.raw('row_to_json(t)::text as j')).from({ t: table }).orderByRaw('1');
    result[table] = rows.map((row: { j: string }) => row.j);
  }
  return result;
}

/** Fills every table through the API: leads with awkward text, activities, templates, automations, a session. */
async function seedThroughApi(options: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const app = await startTestApp(options);
  try {
    const cookie = await signInTestApp(app);
    const admin = { 'content-type': 'application/json', cookie, origin: app.baseUrl };
    const texts = [...XSS_PAYLOADS, ...UNICODE_PAYLOADS.filter((text) => text.trim() && !text.includes('\u0000'))];
    const leadIds: string[] = [];
    for (const [i, text] of texts.entries()) {
      const response = await fetch(`${app.baseUrl}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: `Backup ${i}`,
          lastName: 'Customer',
          email: `backup${i}@example.com`,
          phone: `214-555-${String(i).padStart(4, '0')}`,
          zipcode: '75201',
          bedrooms: '2',
          bathrooms: '1.5',
          cleaningType: 'Move In/Out',
          frequency: 'Monthly',
          notes: `Backup note ${i}`,
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      // The quote form refuses markup as machine-made; staff may write any text into the notes.
      const notes = await fetch(`${app.baseUrl}/api/admin/leads/${id}`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ notes: text }),
      });
      expect(notes.status, await notes.text()).toBe(200);
      leadIds.push(id);
    }
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', `/api/admin/leads/${leadIds[0]}`, { tags: ['vip', 'שלום', '🧹'], estimatedValue: 1234.56 }],
      ['PATCH', `/api/admin/leads/${leadIds[1]}/status`, { status: 'Won' }],
      ['POST', '/api/admin/activities', { leadId: leadIds[0], type: 'call', title: 'Called', status: 'completed' }],
      ['POST', '/api/admin/templates', { name: 'Welcome', type: 'email', subject: 'Hi', content: 'Hi {{firstName}}' }],
      [
        'POST',
        '/api/admin/automations',
        {
          name: 'Follow up',
          trigger: 'lead_created',
          conditions: '{"cleaningType":"Deep"}',
          actions: '{"type":"create_task","title":"Call","dueInHours":2}',
          isActive: false,
        },
      ],
    ];
    for (const [method, url, body] of writes) {
      const response = await fetch(`${app.baseUrl}${url}`, { method, headers: admin, body: JSON.stringify(body) });
      expect(response.status, `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    }
  } finally {
    await app.close();
  }
}

async function withDatabase<T>(options: { dataDir?: string; databaseUrl?: string }, use: (db: Knex) => Promise<T>) {
  const database = await createDatabase(options);
  try {
    return await use(database.knex);
  } finally {
    await database.close();
  }
}

/** Deletes, updates and inserts, so the snapshot before the restore differs from the backup. */
async function changeEverything(db: Knex): Promise<void> {
  await db('activities').del();
  await db('leads').where('first_name', 'Backup 0').del();
  await db('leads').update({ notes: 'changed after the backup' });
  await db('templates').update({ name: 'renamed after the backup' });
}

async function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, [path.join(API_DIR, `src/cli/${script}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
  });
}

function countRows(snap: Snapshot): number {
  return Object.values(snap).reduce((sum, rows) => sum + rows.length, 0);
}

describe('embedded PGlite backup and restore', () => {
  const dir = makeTempDir('backup');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores exactly the data that was backed up', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'backup.tar.gz');
    await seedThroughApi({ dataDir });
    const original = await withDatabase({ dataDir }, snapshot);
    expect(original.leads?.length).toBeGreaterThan(10);

    const backup = await cli('db-backup', [file], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain('Backed up');
    await withDatabase({ dataDir }, changeEverything);
    expect(await withDatabase({ dataDir }, snapshot)).not.toEqual(original);

    const restore = await cli('db-restore', [file], { DATA_DIR: dataDir });
    expect(restore.stdout).toContain('Restored');
    const restored = await withDatabase({ dataDir }, async (db) => {
      // The restored database is fully usable: the trigram search index takes a new row.
      await db('leads').insert({
        first_name: 'After',
        last_name: 'Restore',
        email: 'after@example.com',
        phone: '214-555-9999',
        zipcode: '75201',
        bedrooms: '1',
        bathrooms: '1',
        cleaning_type: 'Basic',
        frequency: 'Weekly',
      });
      const found = await db('leads').whereILike('email', '%after@example%').first('id');
      expect(found).toBeDefined();
      await db('leads').where({ email: 'after@example.com' }).del();
      return snapshot(db);
    });
    // data_versions counts the test's own insert and delete above; everything else must be identical.
    const { data_versions: _v1, ...restoredData } = restored;
    const { data_versions: _v2, ...originalData } = original;
    expect(restoredData).toEqual(originalData);
    expect(
      readdirSync(dir).some((name) => name.startsWith('data.before-restore-')),
      'the replaced data is kept',
    ).toBe(true);
    recordFigure('backup round trip: PGlite', 'tablesCompared', Object.keys(original).length);
    recordFigure('backup round trip: PGlite', 'rowsCompared', countRows(original));
  });

  it('refuses to back up a directory a server has open', async () => {
    const dataDir = path.join(dir, 'busy');
    const database = await createDatabase({ dataDir });
    try {
      await database.knex.raw('select 1');
      await expect(cli('db-backup', [path.join(dir, 'busy.tar.gz')], { DATA_DIR: dataDir })).rejects.toMatchObject({
        stderr: expect.stringContaining('stop the server first'),
      });
      expect(existsSync(path.join(dir, 'busy.tar.gz'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});

// TEST_DATABASE_URL's server, or the embedded one the run's global setup started without it: a server
// that is configured but does not answer fails the file instead of skipping it.
async function recreateDatabase(name: string): Promise<string> {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    url.pathname = `/${name}`;
    trackDatabase(url.toString());
    return url.toString();
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_dump and pg_restore of the server's major version, or why the PostgreSQL round trip cannot run. */
async function pgToolsMissing(url: string): Promise<string | undefined> {
  try {
    await findPgTool('pg_dump', url);
    await findPgTool('pg_restore', url);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const sourceUrl = await recreateDatabase('shine_resilience_backup');
const targetUrl = await recreateDatabase('shine_resilience_restore');
const toolsMissing = await pgToolsMissing(sourceUrl);
if (toolsMissing) {
  const major = /PostgreSQL (\d+)/.exec(toolsMissing)?.[1] ?? '';
  reportMissingPart({
    part: `pg_dump and pg_restore for PostgreSQL ${major}`,
    skipped: 'the PostgreSQL backup round trip',
    install: `sudo apt-get install postgresql-client-${major}`,
    reason: toolsMissing,
  });
}

describe.skipIf(toolsMissing !== undefined)('PostgreSQL backup and restore (pg_dump custom format)', () => {
  const dir = makeTempDir('pgbackup');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores exactly the data that was backed up, over changed data and into an empty database', async () => {
    const databaseUrl = sourceUrl;
    const file = path.join(dir, 'backup.dump');
    await seedThroughApi({ databaseUrl });
    const original = await withDatabase({ databaseUrl }, snapshot);
    expect(original.leads?.length).toBeGreaterThan(10);

    await cli('db-backup', [file], { DATABASE_URL: databaseUrl });
    await withDatabase({ databaseUrl }, changeEverything);
    expect(await withDatabase({ databaseUrl }, snapshot)).not.toEqual(original);

    await cli('db-restore', [file], { DATABASE_URL: databaseUrl });
    expect(await withDatabase({ databaseUrl }, snapshot)).toEqual(original);

    await cli('db-restore', [file], { DATABASE_URL: targetUrl });
    expect(await withDatabase({ databaseUrl: targetUrl }, snapshot)).toEqual(original);
    recordFigure('backup round trip: PostgreSQL', 'tablesCompared', Object.keys(original).length * 2);
    recordFigure('backup round trip: PostgreSQL', 'rowsCompared', countRows(original) * 2);
  });
});
