import { API_ERRORS } from '@shine/shared/messages';
import { deleteUserSessions } from '../db/session-rows.ts';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import type { UserRole, UserRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { publishSessionsRevoked } from '../live/index.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';
import { findUserById, findUserByUsername, insertUser, updateUserPassword } from './users.queries.ts';

export interface AuthenticatedUser {
  id: string;
  username: string;
  name: string;
  role: UserRole;
}

const toAuthenticatedUser = (row: UserRow): AuthenticatedUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  role: row.role,
});

/** A display name for someone known only by e-mail (the command line, the first admin): the part before the @. */
export function nameFromEmail(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, 100);
}

/** The user for these credentials, or undefined; the same work is done whatever is wrong. */
export async function authenticate(
  db: Knex,
  username: string,
  password: string,
): Promise<AuthenticatedUser | undefined> {
  const user = await findUserByUsername(db, username);
  // No such user, a disabled one, or one who has not chosen a password yet: the same answer and time.
  if (!user || user.password_hash === null || user.disabled_at !== null) {
    await burnVerifyTime(password);
    return undefined;
  }
  return (await verifyPassword(user.password_hash, password)) ? toAuthenticatedUser(user) : undefined;
}

/**
 * Changes a signed-in user's password, signs their other sessions out and revokes their device
 * cookies; false (nothing changed)
 * when the current password is wrong (the route counts those, see http/rate-limits.ts).
 */
export async function changePassword(
  db: Knex,
  userId: string,
  currentPassword: string,
  newPassword: string,
  currentSid: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.password_hash === null) throw new AppError(401, API_ERRORS.unauthenticated);
  if (!(await verifyPassword(user.password_hash, currentPassword))) return false;
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (trx) => {
    await updateUserPassword(trx, userId, passwordHash, now);
    await deleteUserSessions(trx, userId, currentSid);
    // The other sessions' live streams end with them, in every process.
    await publishSessionsRevoked(trx, userId, currentSid);
  });
  return true;
}

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

/** `pnpm admin:create`: an admin with a password, named after their e-mail (recorded with no actor). */
export async function createAdmin(db: Knex, email: string, password: string): Promise<AuthenticatedUser> {
  const username = email.trim().toLowerCase();
  if (await findUserByUsername(db, username)) throw new UserExistsError(`A user named ${username} already exists`);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (trx) => {
    const row = await insertUser(trx, { username, name: nameFromEmail(username), role: 'admin', passwordHash });
    await recordAudit(trx, {
      actorId: null,
      entity: 'user',
      entityId: row.id,
      action: 'created',
      after: { name: row.name, email: row.username, role: row.role },
    });
    return toAuthenticatedUser(row);
  });
}

/**
 * `pnpm admin:password`: sets a user's password, signs them out everywhere and revokes their device
 * cookies; false when there is no such user. It does not re-enable a disabled user (that is the Team
 * section's, by another admin).
 */
export async function resetPassword(db: Knex, username: string, password: string): Promise<boolean> {
  const user = await findUserByUsername(db, username);
  if (!user) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (trx) => {
    await updateUserPassword(trx, user.id, passwordHash, new Date());
    await deleteUserSessions(trx, user.id);
    await publishSessionsRevoked(trx, user.id);
    await recordAudit(trx, { actorId: null, entity: 'user', entityId: user.id, action: 'password_set' });
  });
  return true;
}
