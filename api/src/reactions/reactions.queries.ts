// reaction_deliveries: one row per reaction to one lead event, its message's fate. Only this feature
// touches the table.
import type { Knex } from 'knex';
import { leadEventColumnSql } from '../lead-events/index.ts';
import type { LeadEventRow, ReactionDeliveryRow } from '../db/automation-tables.ts';
import { toJsonb } from '../db/jsonb.ts';

export interface NewDelivery {
  eventId: string;
  reaction: string;
  leadId: string;
  sendAfter: Date;
  foldKey: string | null;
}

/**
 * The delivery of `reaction` to the event, made once: a second offer (another process, the scan)
 * finds it. A delivery with a fold key takes over the pending ones of the same reaction and key (it
 * is the newer change): they are marked folded, and what they carried is kept in its `folded`.
 * Answers the delivery, or undefined when it was already made.
 */
export async function insertDeliveryOnce(db: Knex, delivery: NewDelivery): Promise<ReactionDeliveryRow | undefined> {
  return db.transaction(async (trx) => {
    let folded: unknown[] = [];
    if (delivery.foldKey) {
      const waiting = (await trx('reaction_deliveries as d')
        .where({ 'd.reaction': delivery.reaction, 'd.fold_key': delivery.foldKey, 'd.status': 'pending' })
        .whereNull('d.message_id')
        .whereNot('d.event_id', delivery.eventId)
        .orderByRaw(leadEventColumnSql('d.event_id', 'occurred_at'))
        .forUpdate('d')
        .select('d.id', 'd.folded', trx.raw(`${leadEventColumnSql('d.event_id', 'payload')} as payload`))) as Array<{
        id: string;
        folded: unknown[];
        payload: unknown;
      }>;
      folded = waiting.flatMap((row) => [...row.folded, row.payload]);
      if (waiting.length > 0) {
        await trx('reaction_deliveries')
          .whereIn(
            'id',
            waiting.map((row) => row.id),
          )
          .update({ status: 'folded', settled_at: trx.fn.now() });
      }
    }
    const rows = (await trx('reaction_deliveries')
      .insert({
        event_id: delivery.eventId,
        reaction: delivery.reaction,
        lead_id: delivery.leadId,
        fold_key: delivery.foldKey,
        folded: toJsonb(trx, folded),
        send_after: delivery.sendAfter,
      })
      .onConflict(['event_id', 'reaction'])
      .ignore()
      .returning('*')) as ReactionDeliveryRow[];
    return rows[0];
  });
}

export async function findDelivery(db: Knex, id: string): Promise<ReactionDeliveryRow | undefined> {
  return (await db('reaction_deliveries').where({ id }).first()) as ReactionDeliveryRow | undefined;
}

/**
 * Gives the delivery its Message-ID and conversation message, unless it has them: answers the
 * delivery as stored (another attempt's, when it got there first).
 */
export async function claimMessageOnce(
  db: Knex,
  id: string,
  message: { messageId: string; conversationMessageId: string | null },
): Promise<ReactionDeliveryRow> {
  await db('reaction_deliveries')
    .where({ id })
    .whereNull('message_id')
    .update({ message_id: message.messageId, conversation_message_id: message.conversationMessageId });
  const row = await findDelivery(db, id);
  if (!row) throw new Error('reaction delivery vanished');
  return row;
}

export async function settleDelivery(
  db: Knex,
  id: string,
  outcome: { status: 'sent' | 'failed' | 'skipped'; reason?: string },
): Promise<void> {
  await db('reaction_deliveries')
    .where({ id, status: 'pending' })
    .update({ status: outcome.status, reason: outcome.reason ?? null, settled_at: db.fn.now() });
}

/** The deliveries of an event, for the lead events' scan of events no reaction took up (`eventIdColumn`). */
export function deliveriesOfEvent(db: Knex, eventIdColumn: string): Knex.QueryBuilder {
  return db('reaction_deliveries as d').select(db.raw('1')).whereRaw('d.event_id = ??', [eventIdColumn]);
}

/** Pending deliveries due by `at` and made since `since`: queued again (their job may have been lost). */
export async function listDueDeliveries(
  db: Knex,
  since: Date,
  at: Date,
  limit: number,
): Promise<ReactionDeliveryRow[]> {
  return (await db('reaction_deliveries')
    .where({ status: 'pending' })
    .where('send_after', '<=', at)
    .where('created_at', '>=', since)
    .orderBy('send_after')
    .limit(limit)) as ReactionDeliveryRow[];
}
