// The first admin (docs/requirements.md#access): when no user exists, ADMIN_EMAIL + ADMIN_PASSWORD create it; with no
// password configured a random one is generated for ADMIN_EMAIL (default admin@localhost) and the
// caller prints it once.
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { nameFromEmail } from './auth.service.ts';
import { generatePassword, hashPassword } from './passwords.ts';
import { countUsers, insertUser } from './users.queries.ts';

export const DEFAULT_ADMIN_USERNAME = 'admin@localhost';

export interface FirstAdmin {
  username: string;
  /** Set when the password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function ensureFirstAdmin(
  db: Knex,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<FirstAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const username = config.adminEmail ?? DEFAULT_ADMIN_USERNAME;
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(config.adminPassword ?? (generatedPassword as string));
  // Several processes may start at once on one database: one creates the admin, the others see it.
  return db.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('shine:first-admin'))");
    if ((await countUsers(trx)) > 0) return undefined;
    await insertUser(trx, { username, name: nameFromEmail(username), role: 'admin', passwordHash });
    return { username, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
