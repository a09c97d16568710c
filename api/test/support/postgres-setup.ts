// Global setup of the PostgreSQL project: the server is TEST_DATABASE_URL's, or, when that is unset
// or empty, a throw-away embedded one started here and removed at the end (embedded-postgres.ts), so
// the PostgreSQL tests run on every machine. pg_trgm and btree_gist are installed once in public, before the files
// (each in its own schema) run their migrations concurrently.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { provideAdminPasswordHash } from './provided.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  let url = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const server = await startEmbeddedPostgres('shine_test');
    console.log(
      `\nTEST_DATABASE_URL is not set: the PostgreSQL tests run on an embedded ${server.version} (${new URL(server.url).host}), removed at the end.\n`,
    );
    url = server.url;
    stop = server.stop;
  }
  try {
    project.provide('postgresUrl', url);
    await provideAdminPasswordHash(project);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('create extension if not exists pg_trgm with schema public');
      await client.query('create extension if not exists btree_gist with schema public');
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop?.();
    throw error;
  }
  return stop;
}
