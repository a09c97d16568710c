// user_setup_tokens: one-time set-up links. Only the SHA-256 of a token is stored (setup-links.ts).
import type { Knex } from 'knex';
import type { UserSetupTokenRow } from '../db/tables.ts';

export async function insertSetupToken(
  trx: Knex,
  token: { userId: string; tokenHash: string; createdBy: string | null; expiresAt: Date },
): Promise<void> {
  await trx('user_setup_tokens').insert({
    user_id: token.userId,
    token_hash: token.tokenHash,
    created_by: token.createdBy,
    expires_at: token.expiresAt,
  });
}

/** A newer link replaces the older ones: their rows go (a used row stays, as the record of its use). */
export async function deleteUnusedSetupTokens(trx: Knex, userId: string): Promise<void> {
  await trx('user_setup_tokens').where({ user_id: userId }).whereNull('used_at').delete().returning('id');
}

/** The token's row; `lock` holds it until the transaction ends, so two uses of one link cannot both pass. */
export function findSetupToken(db: Knex, tokenHash: string, lock = false): Promise<UserSetupTokenRow | undefined> {
  const query = db('user_setup_tokens').where({ token_hash: tokenHash });
  if (lock) query.forUpdate();
  return query.first();
}

export async function markSetupTokenUsed(trx: Knex, id: string, at: Date): Promise<void> {
  await trx('user_setup_tokens').where({ id }).update({ used_at: at });
}

/** Per user, when their newest unused link that still works stops working. */
export async function listPendingSetupExpiries(db: Knex, now: Date): Promise<Map<string, Date>> {
  const rows: Array<{ user_id: string; expires_at: Date }> = await db('user_setup_tokens')
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .groupBy('user_id')
    .select('user_id', db.raw('max(expires_at) as expires_at'));
  return new Map(rows.map((row) => [row.user_id, new Date(row.expires_at)]));
}
