import type { Knex } from 'knex';
import type { UserRow } from '../db/tables.ts';

export function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(username) = lower(?)', [username]).first();
}

export function findUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first();
}

export async function countUsers(db: Knex): Promise<number> {
  const row = await db('users').first(db.raw('count(*)::int as count'));
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

export async function insertUser(db: Knex, username: string, passwordHash: string): Promise<UserRow> {
  const [row] = await db('users').insert({ username, password_hash: passwordHash }).returning('*');
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserPassword(db: Knex, id: string, passwordHash: string): Promise<void> {
  await db('users').where({ id }).update({ password_hash: passwordHash, updated_at: db.fn.now() });
}

/** Signs a user out everywhere except (optionally) the session making the change. */
export async function deleteUserSessions(db: Knex, userId: string, exceptSid?: string): Promise<number> {
  const query = db('sessions').whereRaw("sess->>'userId' = ?", [userId]);
  if (exceptSid) query.whereNot('sid', exceptSid);
  // returning(): knex-pglite does not report affected-row counts for deletes.
  return (await query.delete().returning('sid')).length;
}

/** Inserts the user unless one with that username (any case) exists. */
export async function insertUserUnlessExists(db: Knex, username: string, passwordHash: string): Promise<void> {
  await db.raw('insert into users (username, password_hash) values (?, ?) on conflict ((lower(username))) do nothing', [
    username,
    passwordHash,
  ]);
}
