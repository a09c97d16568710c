// Who leads may be assigned to (docs/decisions.md, "Assignment"): by hand, any active
// person on the team; by the automation action `assign` with round robin, the next sales rep in turn.
import type { Person } from '@shine/shared/types';
import type { Knex } from 'knex';
import { findActiveUserRow, findNextInTurnRow, lockRotationRow, recordTurn } from './assignable-users.queries.ts';

/** The one rotation the product has today; the table allows more (per team, per region) later. */
const DEFAULT_ROTATION = 'default';

/** The person, when they may be given leads (not disabled, not the system user); else undefined. */
export function findAssignableUser(db: Knex, id: string): Promise<Person | undefined> {
  return findActiveUserRow(db, id);
}

/**
 * Round robin, inside the caller's transaction: locks the rotation (so processes take turns one at a
 * time), picks the available sales rep given a lead longest ago and moves the rotation on to them.
 * Undefined when nobody is available; the rotation is then left as it was. The lock is held until the
 * caller's transaction ends, so the lead must be assigned in that same transaction.
 */
export async function pickRoundRobinAssignee(
  trx: Knex.Transaction,
  now: Date,
  openLeadsOf: (userId: string) => Knex.QueryBuilder,
): Promise<Person | undefined> {
  await lockRotationRow(trx, DEFAULT_ROTATION);
  const next = await findNextInTurnRow(trx, now, openLeadsOf);
  if (next) await recordTurn(trx, DEFAULT_ROTATION, next.id);
  return next;
}

/** Who round robin would pick now, for a rule's preview: nothing locked, nothing moved. */
export function peekRoundRobinAssignee(
  db: Knex,
  now: Date,
  openLeadsOf: (userId: string) => Knex.QueryBuilder,
): Promise<Person | undefined> {
  return findNextInTurnRow(db, now, openLeadsOf);
}
