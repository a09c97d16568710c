// Team members for the assignment and round-robin tests, inserted directly (the Team section's API is
// another file's subject). Each test starts from the test admin alone, an empty audit trail and a
// fresh rotation.
import type { Knex } from 'knex';
import { SYSTEM_USERNAME } from '../../src/auth/system-user.service.ts';
import { ADMIN_USERNAME } from './admin.ts';
import { cachesHeard } from './test-app.ts';

export interface TeamUserSeed {
  name: string;
  role?: 'admin' | 'sales';
  disabled?: boolean;
  away?: boolean;
  awayUntil?: Date | null;
  maxOpenLeads?: number | null;
  /** False: has not used the set-up link yet (no password). */
  hasPassword?: boolean;
  createdAt?: Date;
}

export async function insertTeamUser(db: Knex, seed: TeamUserSeed): Promise<string> {
  const [row] = await db('users')
    .insert({
      username: `${seed.name.toLowerCase().replaceAll(/\W+/g, '.')}@example.com`,
      password_hash: seed.hasPassword === false ? null : '$argon2id$not-a-real-hash',
      name: seed.name,
      role: seed.role ?? 'sales',
      disabled_at: seed.disabled ? new Date() : null,
      away: seed.away ?? false,
      away_until: seed.awayUntil ?? null,
      max_open_leads: seed.maxOpenLeads ?? null,
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id');
  await cachesHeard(db);
  return (row as { id: string }).id;
}

/** Back to the test admin (and the system user): call after the app's reset (activities emptied). */
export async function resetTeam(db: Knex): Promise<void> {
  await db.raw('truncate table audit_log, assignment_rotation');
  await db('users').whereNotIn('username', [ADMIN_USERNAME, SYSTEM_USERNAME]).delete();
  await db('users').where({ username: ADMIN_USERNAME }).update({ name: 'Admin', last_assigned_at: null });
  await cachesHeard(db);
}

/** The lead's audit rows, oldest first. */
export function auditRowsOf(
  db: Knex,
  leadId: string,
): Promise<Array<{ action: string; actor_id: string | null; before: unknown; after: unknown }>> {
  return db('audit_log').where({ lead_id: leadId }).orderBy('id').select('action', 'actor_id', 'before', 'after');
}
