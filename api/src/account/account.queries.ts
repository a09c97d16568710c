// The account feature's tables (migration 20261205090000): sign-in links and customers' sessions.
import type { Knex } from 'knex';

export interface AccountSignInLinkRow {
  id: string;
  token_hash: string;
  email: string;
  lead_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface AccountSessionRow {
  id: string;
  token_hash: string;
  email: string;
  created_at: Date;
  last_seen_at: Date;
  ends_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    account_sign_in_links: AccountSignInLinkRow;
    account_sessions: AccountSessionRow;
  }
}

export async function insertSignInLink(
  trx: Knex,
  link: Pick<AccountSignInLinkRow, 'token_hash' | 'email' | 'lead_id' | 'created_at' | 'expires_at'>,
): Promise<void> {
  await trx('account_sign_in_links').insert(link);
}

/** Marks the link used if it is still good at `now`: the row, or undefined (unknown, used or expired). */
export async function useSignInLink(
  trx: Knex,
  tokenHash: string,
  now: Date,
): Promise<AccountSignInLinkRow | undefined> {
  const [row] = (await trx('account_sign_in_links')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning('*')) as AccountSignInLinkRow[];
  return row;
}

/** Whether a link of this hash exists at all (used or expired), to say which. */
export async function signInLinkExists(db: Knex, tokenHash: string): Promise<boolean> {
  return (await db('account_sign_in_links').where({ token_hash: tokenHash }).first('id')) !== undefined;
}

/** Links past their time (used or not) are worth nothing: removed a day after. */
export async function deleteOldSignInLinks(db: Knex, before: Date): Promise<void> {
  await db('account_sign_in_links').where('expires_at', '<', before).delete();
}

export async function insertAccountSession(
  trx: Knex,
  session: Pick<AccountSessionRow, 'token_hash' | 'email' | 'created_at' | 'last_seen_at' | 'ends_at'>,
): Promise<void> {
  await trx('account_sessions').insert(session);
}

/** The session of a cookie's hash still good at `now` (not idle since `idleSince`, not past its end). */
export function findLiveAccountSession(
  db: Knex,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<AccountSessionRow | undefined> {
  return db('account_sessions')
    .where({ token_hash: tokenHash })
    .andWhere('ends_at', '>', now)
    .andWhere('last_seen_at', '>', idleSince)
    .first();
}

export async function touchAccountSession(db: Knex, id: string, now: Date): Promise<void> {
  await db('account_sessions').where({ id }).update({ last_seen_at: now });
}

export async function deleteAccountSession(db: Knex, tokenHash: string): Promise<void> {
  await db('account_sessions').where({ token_hash: tokenHash }).delete();
}

/** Sessions over (idle or past their end): removed as customers sign in. */
export async function deleteEndedAccountSessions(db: Knex, now: Date, idleSince: Date): Promise<void> {
  await db('account_sessions').where('ends_at', '<=', now).orWhere('last_seen_at', '<=', idleSince).delete();
}
