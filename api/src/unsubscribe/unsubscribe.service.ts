// One-click unsubscribe from automated e-mail (docs/requirements.md#email-compliance; RFC 8058):
// the link every automated e-mail carries, and what following it does. The lead's own record is the
// leads feature's (unsubscribeLeadEmail); the automations check it before each send.
import type { Knex } from 'knex';
import { resolveUnsubscribeSecret } from '../db/app-secrets.ts';
import { findLead, unsubscribeLeadEmail } from '../leads/index.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens.ts';

/** The key changes only with the database: one read per process and database. */
const secrets = new WeakMap<Knex, Promise<string>>();

function secretOf(db: Knex): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = resolveUnsubscribeSecret(db);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** {PUBLIC_ORIGIN}/u/{token}: the same link for a lead every time (a retried e-mail is the same e-mail). */
export async function unsubscribeUrlOf(db: Knex, publicOrigin: string, leadId: string): Promise<string> {
  return `${publicOrigin}/u/${signUnsubscribeToken(await secretOf(db), leadId)}`;
}

/** RFC 8058's headers for a message carrying the link: mail apps show their own Unsubscribe button. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Whether the token names a lead that exists (a deleted lead's link is no longer valid). */
export async function isUnsubscribeTokenValid(db: Knex, token: string): Promise<boolean> {
  const leadId = verifyUnsubscribeToken(await secretOf(db), token);
  return leadId !== undefined && (await findLead(db, leadId)) !== undefined;
}

/** Unsubscribes the lead the token names (a second time changes nothing); false for an invalid token. */
export async function unsubscribeByToken(db: Knex, token: string, now: Date): Promise<boolean> {
  const leadId = verifyUnsubscribeToken(await secretOf(db), token);
  if (!leadId || !(await findLead(db, leadId))) return false;
  await unsubscribeLeadEmail(db, leadId, now);
  return true;
}
