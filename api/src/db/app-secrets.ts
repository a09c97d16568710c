// Secrets the server generates for itself, kept in the database (table app_secrets), so `pnpm start`
// needs no configuration, restarts keep what they signed valid, and N processes on one database agree:
// - the session cookie secret, when SESSION_SECRET is not configured;
// - the device cookie key (auth/known-devices.middleware.ts), always: nothing to configure or rotate by hand;
// - the key signing the unsubscribe links of automated e-mail (unsubscribe/unsubscribe-tokens.ts).
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

const SESSION_SECRET_NAME = 'session_secret';
const DEVICE_COOKIE_SECRET_NAME = 'device_cookie_secret';
const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe_secret';

export async function resolveSessionSecrets(db: Knex, configured: string[]): Promise<string[]> {
  if (configured.length > 0) return configured;
  return [await storedSecret(db, SESSION_SECRET_NAME)];
}

/** The key signing device cookies; its own secret, so rotating SESSION_SECRET does not forget devices. */
export function resolveDeviceCookieSecret(db: Knex): Promise<string> {
  return storedSecret(db, DEVICE_COOKIE_SECRET_NAME);
}

/** The key signing unsubscribe links: a link in an e-mail sent years ago must still work. */
export function resolveUnsubscribeSecret(db: Knex): Promise<string> {
  return storedSecret(db, UNSUBSCRIBE_SECRET_NAME);
}

async function storedSecret(db: Knex, name: string): Promise<string> {
  // Two processes starting together: the insert that loses the race keeps the winner's value.
  await db('app_secrets')
    .insert({ name, value: randomBytes(32).toString('base64url') })
    .onConflict('name')
    .ignore();
  const row = await db('app_secrets').where({ name }).first('value');
  if (!row) throw new Error(`the secret ${name} could not be stored`);
  return row.value;
}
