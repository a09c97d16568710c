// lead_alerts: speed to lead's own rows, one per lead and step (their messages are the automations'
// outbox rows, automation_messages.alert_id, written through alert-context.ts AlertMessages).
import type { LeadAlertStep } from '@shine/shared/speed-to-lead';
import type { Knex } from 'knex';
import type { LeadAlertRow } from '../db/automation-tables.ts';

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
  status: 'sent' | 'not_sent' | 'failed' | 'folded',
  outcome: string,
  recipientId: string | null,
  foldedAt?: Date,
): Promise<void> {
  await db('lead_alerts')
    .where({ id })
    .update({
      status,
      outcome,
      recipient_id: recipientId,
      finished_at: db.fn.now(),
      updated_at: db.fn.now(),
      ...(foldedAt ? { folded_at: foldedAt } : {}),
    });
}

export async function markAlertRetrying(db: Knex, id: string, error: string): Promise<void> {
  await db('lead_alerts').where({ id }).update({ status: 'retrying', outcome: error, updated_at: db.fn.now() });
}

/**
 * Alerts sent on their own since `since` (a digest's are not counted: it is one message), all leads
 * together, or, with `sameClientAs`, of this step for the leads whose quotes came from the same client
 * address as that lead's (`leadIds`: the leads feature's `leadIdsFromSameClientAs`).
 */
export async function countAlertsSentSince(
  db: Knex,
  since: Date,
  sameClientAs?: { leadIds: Knex.QueryBuilder; step: LeadAlertStep },
): Promise<number> {
  const query = db('lead_alerts').where({ status: 'sent' }).whereNull('folded_at').where('finished_at', '>', since);
  if (sameClientAs) query.where('step', sameClientAs.step).whereIn('lead_id', sameClientAs.leadIds);
  const row = (await query.count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/** pg_advisory_xact_lock key of the digest claim (any constant the application uses for nothing else). */
const DIGEST_LOCK = 0x5348_494e_4532; // "SHINE2"
/** A digest claimed by a process that died: taken up again after this long. */
const DIGEST_CLAIM_MS = 5 * 60_000;

/**
 * Takes the folded alerts of `step` for one digest, once the oldest was folded before `dueBefore`:
 * marked running, with the oldest as the carrier of the digest's messages (digest_id). One process
 * at a time (advisory lock), so an alert goes into one digest only. Empty when no digest is due.
 */
export async function claimDigest(db: Knex, step: LeadAlertStep, dueBefore: Date, now: Date): Promise<LeadAlertRow[]> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [DIGEST_LOCK]);
    const abandoned = new Date(now.getTime() - DIGEST_CLAIM_MS);
    const waiting: LeadAlertRow[] = await trx('lead_alerts')
      .where({ step })
      .where((where) =>
        where
          .where({ status: 'folded' })
          .orWhere((stale) =>
            stale.where({ status: 'running' }).whereNotNull('digest_id').where('updated_at', '<', abandoned),
          ),
      )
      .orderBy('folded_at')
      .orderBy('id')
      .select('*');
    const [oldest] = waiting;
    if (!oldest?.folded_at || new Date(oldest.folded_at).getTime() > dueBefore.getTime()) return [];
    return trx('lead_alerts')
      .whereIn(
        'id',
        waiting.map((alert) => alert.id),
      )
      .update({ status: 'running', digest_id: oldest.id, updated_at: now })
      .returning('*');
  });
}

/** A digest that could not go out this time: its alerts wait for the next scan. */
export async function releaseDigest(db: Knex, ids: string[]): Promise<void> {
  await db('lead_alerts').whereIn('id', ids).update({ status: 'folded', updated_at: db.fn.now() });
}

/** For the leads feature's candidate query: the lead whose id is `leadId` (SQL) has its alert of `step`. */
export function alertOfLead(db: Knex, step: LeadAlertStep): (leadId: string) => Knex.QueryBuilder {
  return (leadId) => db('lead_alerts as la').whereRaw(`la.lead_id = ${leadId}`).where('la.step', step);
}

/**
 * For My Day: an alert about the lead whose id is `leadId` (SQL) reached `userId`, sent on its own or
 * folded into a digest (lead_alerts_reached_idx).
 */
export function alertReached(db: Knex, userId: string): (leadId: string) => Knex.QueryBuilder {
  return (leadId) =>
    db('lead_alerts as reached')
      .whereRaw(`reached.lead_id = ${leadId}`)
      .where('reached.recipient_id', userId)
      .whereIn('reached.status', ['sent', 'folded']);
}

/** Alerts still waiting for their job longer than `olderThan` (the job was lost with its process). */
export function listStrandedAlertIds(db: Knex, olderThan: Date): Promise<Array<{ id: string }>> {
  return db('lead_alerts').where({ status: 'queued' }).where('updated_at', '<', olderThan).select('id').limit(500);
}
