import type { Knex } from 'knex';
import type { UserRole, UserRow } from '../db/tables.ts';

/**
 * The author of the product's own activities (system-user.service.ts). `.invalid` is reserved (RFC
 * 2606): no staff e-mail address can ever be this username. It is no team member: never listed, never
 * assignable, never edited.
 */
export const SYSTEM_USERNAME = 'system@shine.invalid';

export function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(username) = lower(?)', [username]).first();
}

export function findUserById(db: Knex, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first();
}

/** The row, locked until the transaction ends (two admins editing one person wait for each other). */
export function findUserForUpdate(trx: Knex, id: string): Promise<UserRow | undefined> {
  return trx('users').where({ id }).whereRaw('lower(username) <> ?', [SYSTEM_USERNAME]).forUpdate().first();
}

export async function countUsers(db: Knex): Promise<number> {
  const row = await db('users').first(db.raw('count(*)::int as count'));
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

export interface NewUser {
  username: string;
  name: string;
  role: UserRole;
  phone?: string | null;
  /** Null: the person chooses it through their set-up link. */
  passwordHash: string | null;
}

export async function insertUser(db: Knex, user: NewUser): Promise<UserRow> {
  const [row] = await db('users')
    .insert({
      username: user.username,
      name: user.name,
      role: user.role,
      phone: user.phone ?? null,
      password_hash: user.passwordHash,
    })
    .returning('*');
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Inserts the user unless one with that username (any case) exists; undefined when one did. */
export async function insertUserUnlessExists(db: Knex, user: NewUser): Promise<UserRow | undefined> {
  const result = await db.raw<{ rows: UserRow[] }>(
    `insert into users (username, name, role, phone, password_hash) values (?, ?, ?, ?, ?)
     on conflict ((lower(username))) do nothing returning *`,
    [user.username, user.name, user.role, user.phone ?? null, user.passwordHash],
  );
  return result.rows[0];
}

/**
 * Sets a new password and revokes the user's device cookies: a cookie issued before `at` no longer
 * spares its holder the per-address limit, nor gives it a lockout bucket of its own.
 */
export async function updateUserPassword(db: Knex, id: string, passwordHash: string, at: Date): Promise<void> {
  await db('users')
    .where({ id })
    .update({ password_hash: passwordHash, devices_revoked_at: at, updated_at: db.fn.now() });
}

export type UserColumns = Partial<
  Pick<
    UserRow,
    'name' | 'role' | 'phone' | 'disabled_at' | 'away' | 'away_until' | 'max_open_leads' | 'devices_revoked_at'
  >
>;

export async function updateUserRow(trx: Knex, id: string, columns: UserColumns): Promise<UserRow> {
  const [row] = await trx('users')
    .where({ id })
    .update({ ...columns, updated_at: trx.fn.now() })
    .returning('*');
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Team members (the system user is no member), oldest first. */
export function listTeamRows(db: Knex): Promise<UserRow[]> {
  return db('users')
    .whereRaw('lower(username) <> ?', [SYSTEM_USERNAME])
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

/** Active (not disabled) team members, by name: the people a lead can be assigned to. */
export function listActiveTeamRows(db: Knex): Promise<UserRow[]> {
  return db('users')
    .whereRaw('lower(username) <> ?', [SYSTEM_USERNAME])
    .whereNull('disabled_at')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

/** Active admins other than `exceptId`: the team must keep one. */
export async function countOtherActiveAdmins(trx: Knex, exceptId: string): Promise<number> {
  const row = await trx('users')
    .where({ role: 'admin' })
    .whereNull('disabled_at')
    .whereNot({ id: exceptId })
    .whereRaw('lower(username) <> ?', [SYSTEM_USERNAME])
    .first(trx.raw('count(*)::int as count'));
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

/** `select id, name from users`, for other features to join a person's name onto their rows. */
export function userNamesQuery(db: Knex): Knex.QueryBuilder {
  return db('users').select('id', 'name');
}
