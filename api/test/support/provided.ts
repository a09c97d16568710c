// Values the projects' global setups compute once per run and hand to every test file.
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../src/auth/passwords.ts';
import { ADMIN_PASSWORD } from './admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite project: a migrated data directory (PGlite's dumpDataDir) to start each file from. */
    pgliteSnapshotFile: string;
    /** PostgreSQL project: TEST_DATABASE_URL, or the embedded server's database when it is unset. */
    postgresUrl: string;
    /** The test admin's argon2id hash (hashing is slow on purpose; once per run, not per file). */
    adminPasswordHash: string;
  }
}

export async function provideAdminPasswordHash(project: TestProject): Promise<void> {
  project.provide('adminPasswordHash', await hashPassword(ADMIN_PASSWORD));
}
