// Global setup of the PostgreSQL project: a loud notice when TEST_DATABASE_URL is not set (the
// project's tests are then skipped), otherwise pg_trgm installed once in public, before the files
// (each in its own schema) run their migrations concurrently.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { provideAdminPasswordHash } from './provided.ts';

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const line = '!'.repeat(100);
    console.warn(
      `\n${line}\n!!! TEST_DATABASE_URL is not set: the API integration tests on real PostgreSQL are SKIPPED.\n` +
        '!!! Set it (e.g. postgres://postgres:postgres@localhost:5432/shine_test) to run them; CI always does.\n' +
        `${line}\n`,
    );
    return;
  }
  await provideAdminPasswordHash(project);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } finally {
    await client.end();
  }
}
