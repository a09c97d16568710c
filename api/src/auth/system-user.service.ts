// The author of activities the product records by itself (a merged repeat request), since every
// activity needs a user. The row can never sign in: its password hash is not a hash.
import type { Knex } from 'knex';
import { findUserByUsername, insertUserUnlessExists } from './users.queries.ts';

/** `.invalid` is reserved (RFC 2606): no staff e-mail address can ever be this username. */
export const SYSTEM_USERNAME = 'system@shine.invalid';
const UNUSABLE_PASSWORD_HASH = '!';

export async function findOrCreateSystemUserId(db: Knex): Promise<string> {
  const existing = await findUserByUsername(db, SYSTEM_USERNAME);
  if (existing) return existing.id;
  await insertUserUnlessExists(db, SYSTEM_USERNAME, UNUSABLE_PASSWORD_HASH);
  const created = await findUserByUsername(db, SYSTEM_USERNAME);
  if (!created) throw new Error('system user could not be created');
  return created.id;
}
