// lead_events, the outbox of lead changes that automations act on. Only this file touches the table.
import type { Knex } from 'knex';
import type { LeadEventRow } from '../db/automation-tables.ts';
import { toJsonb } from '../db/jsonb.ts';

export type NewLeadEvent = Pick<LeadEventRow, 'lead_id' | 'trigger'> &
  Partial<Pick<LeadEventRow, 'from_status' | 'to_status' | 'request_id'>> & { payload?: unknown };

/**
 * A condition on an event that another feature writes as a correlated subquery (e.g. "a rule was in
 * force when it happened"), given the SQL expressions of the event's columns.
 */
export type LeadEventCondition = (event: { trigger: string; occurredAt: string }) => Knex.QueryBuilder;

const EVENT_COLUMNS = { trigger: 'e.trigger', occurredAt: 'e.occurred_at' };

/**
 * The event's time is the database's (now(), the transaction's start), like a rule's updated_at, so
 * that "was the rule in force when it happened" compares two readings of one clock.
 */
export async function insertLeadEvent(trx: Knex.Transaction, event: NewLeadEvent): Promise<string> {
  const { payload, ...columns } = event;
  const values = payload === undefined ? columns : { ...columns, payload: toJsonb(trx, payload) };
  const [row] = (await trx('lead_events').insert(values).returning('id')) as Array<{ id: string }>;
  if (!row) throw new Error('lead event insert returned no row');
  return row.id;
}

export async function findLeadEventRow(db: Knex, id: string): Promise<LeadEventRow | undefined> {
  return (await db('lead_events').where({ id }).first()) as LeadEventRow | undefined;
}

export async function markLeadEventHandled(db: Knex, id: string): Promise<void> {
  await db('lead_events').where({ id }).whereNull('handled_at').update({ handled_at: db.fn.now() });
}

/** Unhandled events that happened after `since` and meet `condition`, oldest first. */
export async function listUnhandledLeadEventRows(
  db: Knex,
  since: Date,
  limit: number,
  condition: LeadEventCondition,
): Promise<LeadEventRow[]> {
  return (await db('lead_events as e')
    .select('e.*')
    .whereNull('e.handled_at')
    .where('e.occurred_at', '>', since)
    .whereExists(condition(EVENT_COLUMNS))
    .orderBy('e.occurred_at')
    .limit(limit)) as LeadEventRow[];
}

/** Events of `triggers` in [since, before) with none of `handled(eventId)`'s rows, oldest first. */
export async function listLeadEventRowsWithout(
  db: Knex,
  window: { triggers: readonly string[]; since: Date; before: Date; limit: number },
  handled: (eventIdColumn: string) => Knex.QueryBuilder,
): Promise<LeadEventRow[]> {
  return (await db('lead_events as e')
    .whereIn('e.trigger', window.triggers)
    .where('e.occurred_at', '>=', window.since)
    .where('e.occurred_at', '<', window.before)
    .whereNotExists(handled('e.id'))
    .orderBy('e.occurred_at')
    .limit(window.limit)
    .select('e.*')) as LeadEventRow[];
}

/** Unhandled repeat_request events that happened after `since`, oldest first. */
export async function listUnhandledRepeatRequestRows(db: Knex, since: Date, limit: number): Promise<LeadEventRow[]> {
  return (await db('lead_events')
    .whereNull('handled_at')
    .where('trigger', 'repeat_request')
    .where('occurred_at', '>', since)
    .orderBy('occurred_at')
    .limit(limit)) as LeadEventRow[];
}

/** Marks handled, in one statement, the unhandled events since `since` that do not meet `condition`. */
export async function markLeadEventsHandledUnless(
  db: Knex,
  since: Date,
  condition: LeadEventCondition,
): Promise<number> {
  return db('lead_events as e')
    .whereNull('e.handled_at')
    .where('e.occurred_at', '>', since)
    .whereNotExists(condition(EVENT_COLUMNS))
    .update({ handled_at: db.fn.now() });
}
