import { API_ERRORS } from '@shine/shared/messages';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';
import {
  deleteUserSessions,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUserPassword,
} from './users.queries.ts';

export interface AuthenticatedUser {
  id: string;
  username: string;
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
  return (await verifyPassword(user.password_hash, password)) ? { id: user.id, username: user.username } : undefined;
}

/**
 * Changes a signed-in user's password and signs their other sessions out; false (nothing changed)
 * when the current password is wrong (the route counts those, see http/rate-limits.ts).
 */
export async function changePassword(
  db: Knex,
  userId: string,
  currentPassword: string,
  newPassword: string,
  currentSid: string,
): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.password_hash === null) throw new AppError(401, API_ERRORS.unauthenticated);
  if (!(await verifyPassword(user.password_hash, currentPassword))) return false;
  await updateUserPassword(db, userId, await hashPassword(newPassword));
  await deleteUserSessions(db, userId, currentSid);
  return true;
}

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}

export async function createUser(db: Knex, username: string, password: string): Promise<AuthenticatedUser> {
  if (await findUserByUsername(db, username)) throw new UserExistsError(`A user named ${username} already exists`);
  const row = await insertUser(db, username, await hashPassword(password));
  return { id: row.id, username: row.username };
}

/** Sets a user's password (CLI) and signs them out everywhere; false when there is no such user. */
export async function resetPassword(db: Knex, username: string, password: string): Promise<boolean> {
  const user = await findUserByUsername(db, username);
  if (!user) return false;
  await updateUserPassword(db, user.id, await hashPassword(password));
  await deleteUserSessions(db, user.id);
  return true;
}
