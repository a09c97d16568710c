// Whether the database answers: GET /api/health asks it for every probe.
import type { Knex } from 'knex';

/** True when a trivial query answers within the timeout. */
export async function isDatabaseUp(db: Knex, timeoutMs = 3_000): Promise<boolean> {
  try {
    await db.raw('select 1').timeout(timeoutMs);
    return true;
  } catch {
    return false;
  }
}
