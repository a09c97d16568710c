// One-time set-up links (docs/security.md, "Set-up links"): 32 random bytes, base64url, in the link's
// last path segment; only their SHA-256 is stored, so the table alone opens no account. A link works
// once, for SETUP_LINK_HOURS; a new link for the same person replaces the unused older ones.
import { createHash, randomBytes } from 'node:crypto';
import { SETUP_LINK_HOURS } from '@shine/shared/team';
import type { Knex } from 'knex';
import { deleteUnusedSetupTokens, insertSetupToken } from './setup-tokens.queries.ts';

export interface SetupLinkToken {
  token: string;
  expiresAt: Date;
}

export function hashSetupToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where the CRM's set-up page is: `${origin}/admin/setup-password/{token}`. */
export function setupUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/admin/setup-password/${token}`;
}

/** Issues a new link for `userId` inside `trx`, replacing their unused older ones. */
export async function issueSetupToken(
  trx: Knex,
  userId: string,
  createdBy: string | null,
  now: Date,
): Promise<SetupLinkToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000);
  await deleteUnusedSetupTokens(trx, userId);
  await insertSetupToken(trx, { userId, tokenHash: hashSetupToken(token), createdBy, expiresAt });
  return { token, expiresAt };
}
