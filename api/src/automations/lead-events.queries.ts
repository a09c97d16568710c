// The engine's side of the outbox of lead events (table lead_events). Rows are written by the
// change they describe, in its own statement: leads.queries insertLeadWithCreatedEvent and
// updateLeadStatusRow.
import type { Knex } from 'knex';
import type { LeadEventRow } from '../db/automation-tables.ts';

export async function findLeadEventRow(db: Knex, id: string): Promise<LeadEventRow | undefined> {
  return (await db('lead_events').where({ id }).first()) as LeadEventRow | undefined;
}

export async function markLeadEventHandled(db: Knex, id: string): Promise<void> {
  await db('lead_events').where({ id }).whereNull('handled_at').update({ handled_at: db.fn.now() });
}

/** An active rule of the event's trigger, in force when it happened (not changed since). */
function ruleInForce(db: Knex) {
  return db('automations as a')
    .select(db.raw('1'))
    .where('a.is_active', true)
    .whereRaw('a.trigger = e.trigger')
    .whereRaw('a.updated_at <= e.occurred_at');
}

/**
 * Events nobody has handled yet that a rule was in force for, oldest first, that happened after
 * `since`: the scan's catch-up hands them to the rules.
 */
export async function listUnhandledLeadEventRows(db: Knex, since: Date, limit: number): Promise<LeadEventRow[]> {
  return (await db('lead_events as e')
    .select('e.*')
    .whereNull('e.handled_at')
    .where('e.occurred_at', '>', since)
    .whereExists(ruleInForce(db))
    .orderBy('e.occurred_at')
    .limit(limit)) as LeadEventRow[];
}

/**
 * Marks handled, in one statement, the unhandled events since `since` that no rule was in force for
 * (reported while no rule listened, so never queued): no rule can apply to them any more, since a
 * rule saved from now on is younger than they are.
 */
export async function markUnclaimedLeadEventsHandled(db: Knex, since: Date): Promise<number> {
  return db('lead_events as e')
    .whereNull('e.handled_at')
    .where('e.occurred_at', '>', since)
    .whereNotExists(ruleInForce(db))
    .update({ handled_at: db.fn.now() });
}
