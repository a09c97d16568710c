// The author of activities the product records by itself (a merged repeat request), since every
// activity needs a user. The row can never sign in: its password hash is not a hash. It is no team
// member: the Team section, the assignees and every other list leave it out (users.queries.ts).
import type { Knex } from 'knex';
import { findUserByUsername, insertUserUnlessExists, SYSTEM_USERNAME } from './users.queries.ts';

export { SYSTEM_USERNAME };
/** How the CRM names the product's own entries (activities, audit rows) everywhere. */
export const SYSTEM_USER_NAME = 'Shine (automatic)';
const UNUSABLE_PASSWORD_HASH = '!';

/** The system user's id without creating it (a read): undefined before the product first wrote anything. */
export async function findSystemUserId(db: Knex): Promise<string | undefined> {
  return (await findUserByUsername(db, SYSTEM_USERNAME))?.id;
}

export async function findOrCreateSystemUserId(db: Knex): Promise<string> {
  const existing = await findUserByUsername(db, SYSTEM_USERNAME);
  if (existing) return existing.id;
  // A role is required of every row; the system user can never sign in to use it.
  await insertUserUnlessExists(db, {
    username: SYSTEM_USERNAME,
    name: SYSTEM_USER_NAME,
    role: 'sales',
    passwordHash: UNUSABLE_PASSWORD_HASH,
  });
  const created = await findUserByUsername(db, SYSTEM_USERNAME);
  if (!created) throw new Error('system user could not be created');
  return created.id;
}
