// Set-up links in use (docs/security.md, "Set-up links"): an admin issues a new one (a password reset),
// the person opens it and chooses a password. One use; 72 hours; a newer link replaces older unused
// ones; a disabled person's link is refused until an admin re-enables them.
import { deleteUserSessions } from '../db/session-rows.ts';
import { API_ERRORS } from '@shine/shared/messages';
import type { SetupLinkStatus } from '@shine/shared/responses/team';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import { AppError } from '../http/app-error.ts';
import { publishSessionsRevoked } from '../live/index.ts';
import { hashPassword } from './passwords.ts';
import { hashSetupToken, issueSetupToken, type SetupLinkToken } from './setup-links.ts';
import { findSetupToken, markSetupTokenUsed } from './setup-tokens.queries.ts';
import { findUserById, findUserForUpdate, updateUserPassword } from './users.queries.ts';

export interface SetupLinkRecipient extends SetupLinkToken {
  email: string;
  name: string;
}

/** POST /api/admin/users/{id}/reset: a new link; the person's password (if any) works until it is used. */
export async function resetSetupLink(
  db: Knex,
  userId: string,
  actorId: string,
  now: Date,
): Promise<SetupLinkRecipient> {
  return db.transaction(async (trx) => {
    const user = await findUserForUpdate(trx, userId);
    if (!user) throw new AppError(404, API_ERRORS.userNotFound);
    const link = await issueSetupToken(trx, userId, actorId, now);
    await recordAudit(trx, { actorId, entity: 'user', entityId: userId, action: 'link_reset' });
    return { ...link, email: user.username, name: user.name };
  });
}

const refused = (message: string) => new AppError(400, message, [{ path: 'token', message }]);

/** Why a link's row cannot set a password now, or undefined when it can. */
function refusalOf(
  token: { used_at: Date | null; expires_at: Date } | undefined,
  user: { disabled_at: Date | null } | undefined,
  now: Date,
): AppError | undefined {
  if (!token || token.used_at !== null || !user) return refused(API_ERRORS.setupLinkInvalid);
  if (new Date(token.expires_at).getTime() <= now.getTime()) return refused(API_ERRORS.setupLinkExpired);
  if (user.disabled_at !== null) return refused(API_ERRORS.setupLinkDisabled);
  return undefined;
}

/**
 * POST /api/setup-password/check: the page a link opens asks at once whether the link can still set a
 * password; the same 400 as a submission would get when it cannot. Nothing is used up or changed.
 */
export async function checkSetupLink(db: Knex, token: string, now: Date): Promise<SetupLinkStatus> {
  const row = await findSetupToken(db, hashSetupToken(token));
  const refusal = refusalOf(row, row ? await findUserById(db, row.user_id) : undefined, now);
  if (refusal || !row) throw refusal ?? refused(API_ERRORS.setupLinkInvalid);
  return { usable: true, expiresAt: new Date(row.expires_at).toISOString() };
}

/**
 * POST /api/setup-password: sets the password of the link's person and uses the link up; their other
 * sessions end (a reset after a suspected leak must lock the old holder out).
 */
export async function setPasswordWithLink(db: Knex, token: string, password: string, now: Date): Promise<void> {
  const tokenHash = hashSetupToken(token);
  // A cheap look first, so a wrong link costs no password hashing; the decision is taken under the lock.
  const peek = await findSetupToken(db, tokenHash);
  const early = refusalOf(peek, peek ? await findUserById(db, peek.user_id) : undefined, now);
  if (early) throw early;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (trx) => {
    const row = await findSetupToken(trx, tokenHash, true);
    const user = row ? await findUserForUpdate(trx, row.user_id) : undefined;
    const refusal = refusalOf(row, user, now);
    if (refusal || !row) throw refusal ?? refused(API_ERRORS.setupLinkInvalid);
    await updateUserPassword(trx, row.user_id, passwordHash, now);
    await markSetupTokenUsed(trx, row.id, now);
    await deleteUserSessions(trx, row.user_id);
    await publishSessionsRevoked(trx, row.user_id);
    await recordAudit(trx, { actorId: row.user_id, entity: 'user', entityId: row.user_id, action: 'password_set' });
  });
}
