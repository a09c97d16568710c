// The session cookie secret when SESSION_SECRET is not configured: generated once and kept in the
// database, so `pnpm start` needs no configuration, restarts keep people signed in, and N processes
// on one database agree on it.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

const SESSION_SECRET_NAME = 'session_secret';

export async function resolveSessionSecrets(db: Knex, configured: string[]): Promise<string[]> {
  if (configured.length > 0) return configured;
  // Two processes starting together: the insert that loses the race keeps the winner's value.
  await db('app_secrets')
    .insert({ name: SESSION_SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict('name')
    .ignore();
  const row = await db('app_secrets').where({ name: SESSION_SECRET_NAME }).first('value');
  if (!row) throw new Error('the session secret could not be stored');
  return [row.value];
}
