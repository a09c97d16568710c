// Team members for tests: inserted directly with the test admin's password hash (argon2 is slow by
// design, so it is hashed once per run), and removed again before each test of a file that makes them.
import type { Knex } from 'knex';
import type { UserRole } from '../../src/db/tables.ts';
import { ADMIN, ADMIN_NAME, cachesHeard } from './test-app.ts';

export const STAFF_PASSWORD = ADMIN.password;

export async function addStaff(
  db: Knex,
  person: { email: string; role: UserRole; name?: string; disabled?: boolean },
): Promise<string> {
  const admin = await db('users').whereRaw('lower(username) = lower(?)', [ADMIN.username]).first('password_hash');
  const [row] = await db('users')
    .insert({
      username: person.email,
      name: person.name ?? person.email.split('@')[0] ?? person.email,
      role: person.role,
      password_hash: admin?.password_hash ?? null,
      disabled_at: person.disabled ? new Date() : null,
    })
    .returning('id');
  await cachesHeard(db);
  return (row as { id: string }).id;
}

/**
 * Back to the test admin alone (and the system user, if made): other people, their set-up links and
 * the audit trail go (TRUNCATE, which the append-only trigger does not see: it guards rows, and no API
 * path truncates), and the admin is an active admin again.
 */
export async function resetTeam(db: Knex): Promise<void> {
  await db.raw('truncate table audit_log, user_setup_tokens, assignment_rotation');
  await db('users').whereRaw("lower(username) not in (lower(?), 'system@shine.invalid')", [ADMIN.username]).delete();
  await db('users').whereRaw('lower(username) = lower(?)', [ADMIN.username]).update({
    name: ADMIN_NAME,
    role: 'admin',
    phone: null,
    disabled_at: null,
    away: false,
    away_until: null,
    devices_revoked_at: null,
  });
  await cachesHeard(db);
}

/** The token of a set-up link (its last path segment). */
export function tokenOf(setupUrl: string): string {
  return new URL(setupUrl).pathname.split('/').pop() ?? '';
}
