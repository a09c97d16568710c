// Global setup of the PGlite project: an empty in-memory PGlite runs initdb, which takes seconds.
// Do it (and the migrations) once, and let every test file start from a snapshot of the result.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory from 'knex';
import ClientPgLite from 'knex-pglite';
import type { TestProject } from 'vitest/node';
import { migrateLatest } from '../../src/db/migrate.ts';
import { provideAdminPasswordHash } from './provided.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const pglite = new PGlite('memory://', { extensions: { pg_trgm, btree_gist } });
  const knex = knexFactory({ client: ClientPgLite, connection: () => ({ pglite }) } as never);
  await migrateLatest(knex);
  const snapshot = await pglite.dumpDataDir('none');
  await knex.destroy();
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-api-test-'));
  const file = path.join(dir, 'pglite-snapshot.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotFile', file);
  await provideAdminPasswordHash(project);
  return () => rmSync(dir, { recursive: true, force: true });
}
