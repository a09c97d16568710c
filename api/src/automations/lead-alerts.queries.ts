// lead_alerts and their outbox messages (automation_messages.alert_id): speed to lead's own rows.
import type { MessageChannel } from '@shine/shared/automation-rules';
import type { LeadAlertStep } from '@shine/shared/lead-alerts';
import type { Knex } from 'knex';
import type { AutomationMessageRow, LeadAlertRow } from '../db/automation-tables.ts';

/**
 * The lead's alert of this step, or undefined when it already exists: decided once per lead and step,
 * and for a repeat request once per request (`requestId`).
 */
export async function insertAlertOnce(
  db: Knex,
  leadId: string,
  step: LeadAlertStep,
  requestId: string | null = null,
): Promise<LeadAlertRow | undefined> {
  const [row] = await db('lead_alerts')
    .insert({ lead_id: leadId, step, request_id: requestId })
    .onConflict(['lead_id', 'step', 'request_id'])
    .ignore()
    .returning('*');
  return row;
}

/** Takes an alert for an attempt (as claimRun takes a run): undefined when it is already finished. */
export async function claimAlert(db: Knex, id: string): Promise<LeadAlertRow | undefined> {
  const [row] = await db('lead_alerts')
    .where({ id })
    .whereIn('status', ['queued', 'running', 'retrying'])
    .update({ status: 'running', attempts: db.raw('attempts + 1'), updated_at: db.fn.now() })
    .returning('*');
  return row;
}

export async function finishAlert(
  db: Knex,
  id: string,
  status: 'sent' | 'not_sent' | 'failed',
  outcome: string,
  recipientId: string | null,
): Promise<void> {
  await db('lead_alerts').where({ id }).update({
    status,
    outcome,
    recipient_id: recipientId,
    finished_at: db.fn.now(),
    updated_at: db.fn.now(),
  });
}

export async function markAlertRetrying(db: Knex, id: string, error: string): Promise<void> {
  await db('lead_alerts').where({ id }).update({ status: 'retrying', outcome: error, updated_at: db.fn.now() });
}

/** Alerts sent since `since`, all leads together (the hourly cap of staff alerts). */
export async function countAlertsSentSince(db: Knex, since: Date): Promise<number> {
  const row = (await db('lead_alerts')
    .where({ status: 'sent' })
    .where('finished_at', '>', since)
    .count({ n: '*' })
    .first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/** For the leads feature's candidate query: the lead whose id is `leadId` (SQL) has its alert of `step`. */
export function alertOfLead(db: Knex, step: LeadAlertStep): (leadId: string) => Knex.QueryBuilder {
  return (leadId) => db('lead_alerts as la').whereRaw(`la.lead_id = ${leadId}`).where('la.step', step);
}

/** Alerts still waiting for their job longer than `olderThan` (the job was lost with its process). */
export function listStrandedAlertIds(db: Knex, olderThan: Date): Promise<Array<{ id: string }>> {
  return db('lead_alerts').where({ status: 'queued' }).where('updated_at', '<', olderThan).select('id').limit(500);
}

export type NewAlertMessage = Pick<AutomationMessageRow, 'lead_id' | 'alert_id' | 'recipient' | 'subject' | 'body'> & {
  channel: MessageChannel;
};

/** The alert's message on this channel, written once: a retry sends the same text again, or nothing once sent. */
export async function findOrInsertAlertMessage(db: Knex, message: NewAlertMessage): Promise<AutomationMessageRow> {
  await db('automation_messages').insert(message).onConflict(['alert_id', 'channel']).ignore();
  const row = await db('automation_messages').where({ alert_id: message.alert_id, channel: message.channel }).first();
  if (!row) throw new Error('alert message row missing after insert');
  return row;
}
