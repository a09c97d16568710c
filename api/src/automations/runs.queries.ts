// automation_runs and automation_messages: the engine's own tables (a speed-to-lead alert's messages
// are rows of automation_messages too, lent through speed-to-lead/alert-context.ts).
import type { OutboxQuery } from '@shine/shared/automation-rules';
import type { Knex } from 'knex';
import type { AutomationMessageRow, AutomationRunRow } from '../db/automation-tables.ts';
import { type OccurrenceCondition, leadNameOf } from '../leads/index.ts';

export interface NewRun {
  automationId: string;
  automationName: string;
  leadId: string;
  trigger: AutomationRunRow['trigger'];
  occurrenceKey: string;
  action: unknown;
}

/** The run of this occurrence, or undefined when one already exists (the rule already fired). */
export async function insertRunOnce(db: Knex, run: NewRun): Promise<AutomationRunRow | undefined> {
  const result = await db.raw(
    `insert into automation_runs (automation_id, automation_name, lead_id, trigger, occurrence_key, action)
     values (?, ?, ?, ?, ?, ?::jsonb)
     on conflict on constraint automation_runs_occurrence_key do nothing
     returning *`,
    [run.automationId, run.automationName, run.leadId, run.trigger, run.occurrenceKey, JSON.stringify(run.action)],
  );
  return (result.rows as AutomationRunRow[])[0];
}

/**
 * Takes a run for an attempt: counts it and answers it, unless it is already finished (a duplicate
 * or late job). 'running' is taken again: the job expired because the process running it died.
 */
export async function claimRun(db: Knex, id: string): Promise<AutomationRunRow | undefined> {
  const [row] = await db('automation_runs')
    .where({ id })
    .whereIn('status', ['queued', 'running', 'retrying'])
    .update({ status: 'running', attempts: db.raw('attempts + 1'), updated_at: db.fn.now() })
    .returning('*');
  return row;
}

export async function finishRun(
  db: Knex,
  id: string,
  status: 'succeeded' | 'failed' | 'skipped',
  text: { outcome?: string; error?: string },
): Promise<void> {
  await db('automation_runs')
    .where({ id })
    .update({
      status,
      outcome: text.outcome ?? null,
      error: text.error ?? null,
      finished_at: db.fn.now(),
      updated_at: db.fn.now(),
    });
}

/** Over the send budget: the run waits (not finished) until the scan releases it (releaseHeldRuns). */
export async function holdRun(db: Knex, id: string, outcome: string): Promise<void> {
  await db('automation_runs')
    .where({ id })
    .update({ status: 'held', outcome, error: null, finished_at: null, updated_at: db.fn.now() });
}

/**
 * Held runs whose message may go out now (held_until passed), back to queued: one conditional update,
 * so of several processes scanning at once only one releases a run. Each release counts in `holds`,
 * which names the run's next job (engine.ts jobIdOf). Oldest holds first.
 */
export async function releaseHeldRuns(
  db: Knex,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; holds: number }>> {
  const result = await db.raw(
    `update automation_runs r
        set status = 'queued', holds = r.holds + 1, updated_at = now()
      where r.status = 'held'
        and r.id in (select m.run_id from automation_messages m
                      where m.status = 'held' and m.held_until <= ?
                      order by m.held_until, m.created_at
                      limit ?)
      returning r.id, r.holds`,
    [now, limit],
  );
  return result.rows as Array<{ id: string; holds: number }>;
}

export async function markRunRetrying(db: Knex, id: string, error: string): Promise<void> {
  await db('automation_runs').where({ id }).update({ status: 'retrying', error, updated_at: db.fn.now() });
}

/** Runs still waiting for their job longer than `olderThan` (the job was lost with its process). */
export function listStrandedRunIds(db: Knex, olderThan: Date): Promise<Array<{ id: string; holds: number }>> {
  return db('automation_runs')
    .where({ status: 'queued' })
    .where('updated_at', '<', olderThan)
    .select('id', 'holds')
    .limit(500);
}

/** For the candidate leads of a saved rule: it has already run for the lead's current occurrence. */
export function runOfOccurrence(db: Knex, automationId: string): OccurrenceCondition {
  return (lead) =>
    db('automation_runs as r')
      .where('r.automation_id', automationId)
      .whereRaw(`r.lead_id = ${lead.id}`)
      .whereRaw(`r.occurrence_key = ${lead.occurrenceKey}`);
}

export type RunListRow = AutomationRunRow & { lead_name: string };

function listRuns(db: Knex): Knex.QueryBuilder {
  return db('automation_runs as r')
    .select('r.*', leadNameOf(db, 'r.lead_id').as('lead_name'))
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(200);
}

export function listRunRowsOfAutomation(db: Knex, automationId: string): Promise<RunListRow[]> {
  return listRuns(db).where('r.automation_id', automationId);
}

export function listRunRowsOfLead(db: Knex, leadId: string): Promise<RunListRow[]> {
  return listRuns(db).where('r.lead_id', leadId);
}

export type NewMessage = Pick<
  AutomationMessageRow,
  'lead_id' | 'run_id' | 'channel' | 'recipient' | 'subject' | 'body' | 'html'
>;

/** The run's message, rendered once: a retry sends the same text again. */
export async function findOrInsertMessageOfRun(db: Knex, message: NewMessage): Promise<AutomationMessageRow> {
  await db('automation_messages').insert(message).onConflict('run_id').ignore();
  const row = await db('automation_messages').where({ run_id: message.run_id }).first();
  if (!row) throw new Error('message row missing after insert');
  return row;
}

export type NewAlertMessage = Pick<
  AutomationMessageRow,
  'lead_id' | 'alert_id' | 'channel' | 'recipient' | 'subject' | 'body' | 'html'
>;

/** A speed-to-lead alert's message on this channel, written once: a retry sends the same text again, or nothing once sent. */
export async function findOrInsertAlertMessage(db: Knex, message: NewAlertMessage): Promise<AutomationMessageRow> {
  await db('automation_messages').insert(message).onConflict(['alert_id', 'channel']).ignore();
  const row = await db('automation_messages').where({ alert_id: message.alert_id, channel: message.channel }).first();
  if (!row) throw new Error('alert message row missing after insert');
  return row;
}

export async function updateMessage(
  db: Knex,
  id: string,
  changes: Partial<Pick<AutomationMessageRow, 'status' | 'reason' | 'sent_at' | 'held_until'>> & {
    countAttempt?: boolean;
  },
): Promise<void> {
  const { countAttempt, ...columns } = changes;
  await db('automation_messages')
    .where({ id })
    .update({ ...columns, ...(countAttempt ? { attempts: db.raw('attempts + 1') } : {}) });
}

/** The lead an e-mail of the outbox went to (a reply's In-Reply-To names the message). */
export async function findLeadIdOfEmailMessage(db: Knex, id: string): Promise<string | undefined> {
  // A staff alert names the lead but went to a person on the team: no answer to it is the customer's.
  const row = await db('automation_messages').where({ id, channel: 'email' }).whereNull('alert_id').first('lead_id');
  return row?.lead_id;
}

export type MessageListRow = AutomationMessageRow & { lead_name: string };

export type MessageFilter = OutboxQuery['status'];

export function listMessageRows(
  db: Knex,
  filter: { status: MessageFilter; leadId?: string; toLeadOnly?: boolean },
): Promise<MessageListRow[]> {
  const query = db('automation_messages as m')
    .select('m.*', leadNameOf(db, 'm.lead_id').as('lead_name'))
    .orderBy([
      { column: 'm.created_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ])
    .limit(200);
  if (filter.status === 'unsent') query.whereNot('m.status', 'sent');
  else if (filter.status === 'held') query.where('m.status', 'held');
  else if (filter.status !== 'all') query.where('m.status', filter.status);
  if (filter.leadId) query.where('m.lead_id', filter.leadId);
  // A staff alert about the lead (speed to lead) went to a person on the team, not to the lead.
  if (filter.toLeadOnly) query.whereNull('m.alert_id');
  return query;
}
