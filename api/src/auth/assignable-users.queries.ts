// Who may be given leads: any active person by hand; the sales reps on duty by round robin.
// The round robin's position lives in assignment_rotation, one row per rotation, locked while a lead
// is assigned so that several processes rotate one sequence.
import type { Knex } from 'knex';
import { SYSTEM_USERNAME } from './system-user.service.ts';
import { userNameOf } from './user-names.service.ts';

export interface AssignableUserRow {
  id: string;
  name: string;
}

/** Not disabled, and not the system user (which authors automatic entries but never works a lead). */
function activeUsers(db: Knex): Knex.QueryBuilder {
  return db('users as u')
    .select('u.id', userNameOf(db, 'u.id').as('name'))
    .whereNull('u.disabled_at')
    .whereNot('u.username', SYSTEM_USERNAME);
}

export async function findActiveUserRow(db: Knex, id: string): Promise<AssignableUserRow | undefined> {
  return (await activeUsers(db).where('u.id', id).first()) as AssignableUserRow | undefined;
}

/** Locks the rotation's row (made on first use): whoever holds it is the only one choosing. */
export async function lockRotationRow(trx: Knex.Transaction, key: string): Promise<void> {
  await trx('assignment_rotation').insert({ key }).onConflict('key').ignore();
  await trx('assignment_rotation').where({ key }).forUpdate().first('key');
}

/**
 * The sales rep whose turn it is: active, with a password (a rep still to use their set-up link
 * cannot work a lead), not away (or back: away_until passed), under their open-lead cap when they
 * have one; the one given a lead longest ago (never first), then the longest on the team.
 * `openLeadsOf` counts a user's open leads (the leads feature hands it in: its table).
 */
export async function findNextInTurnRow(
  db: Knex,
  now: Date,
  openLeadsOf: (userId: string) => Knex.QueryBuilder,
): Promise<AssignableUserRow | undefined> {
  return (await activeUsers(db)
    .where('u.role', 'sales')
    .whereNotNull('u.password_hash')
    .where((available) => {
      available.where('u.away', false).orWhere('u.away_until', '<=', now);
    })
    .where((capped) => {
      capped.whereNull('u.max_open_leads').orWhereRaw('? < u.max_open_leads', [openLeadsOf('u.id')]);
    })
    .orderByRaw('u.last_assigned_at asc nulls first, u.created_at asc, u.id asc')
    .first()) as AssignableUserRow | undefined;
}

/**
 * Moves the rotation on to `userId`. The database's clock_timestamp(), not the caller's clock nor the
 * transaction's start: taken under the rotation lock, it grows with every turn whichever process
 * gives it, so "given a lead longest ago" is the true order.
 */
export async function recordTurn(trx: Knex.Transaction, key: string, userId: string): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .update({ last_assigned_at: trx.raw('clock_timestamp()') });
  await trx('assignment_rotation')
    .where({ key })
    .update({ last_user_id: userId, turns: trx.raw('turns + 1'), updated_at: trx.raw('clock_timestamp()') });
}
