// A person's sessions in the session store's table (session-store.ts): signed out everywhere, or their
// new role or name written into each, when auth changes the person.
import type { Knex } from 'knex';
import type { UserRole } from './tables.ts';

/** Signs a user out everywhere except (optionally) the session making the change. */
export async function deleteUserSessions(db: Knex, userId: string, exceptSid?: string): Promise<number> {
  const query = db('sessions').whereRaw("sess->>'userId' = ?", [userId]);
  if (exceptSid) query.whereNot('sid', exceptSid);
  // returning(): knex-pglite does not report affected-row counts for deletes.
  return (await query.delete().returning('sid')).length;
}

/** Writes a user's new role or name into each of their sessions: it holds from their next request. */
export async function rewriteUserSessions(
  db: Knex,
  userId: string,
  values: { role?: UserRole; name?: string },
): Promise<void> {
  let sess = 'sess::jsonb';
  const bindings: string[] = [];
  for (const key of ['role', 'name'] as const) {
    const value = values[key];
    if (value === undefined) continue;
    sess = `jsonb_set(${sess}, '{${key}}', to_jsonb(?::text))`;
    bindings.push(value);
  }
  if (bindings.length === 0) return;
  await db('sessions')
    .whereRaw("sess->>'userId' = ?", [userId])
    .update({ sess: db.raw(`(${sess})::json`, bindings) });
}
