// The hourly send budget of automations (docs/security.md, review finding 12). A lead_created rule
// answers whoever submits the public quote form, with any address: without a budget, anyone could
// make the product mail any address (or text any phone) again and again. Every automated message is
// granted its send here before it is handed to a transport: at most `perRecipient` per recipient
// and `total` in all in any 60 minutes. Over the budget, the message is held (never dropped) until
// the hour allows. Messages of a booked cleaning (SERVICE_TRIGGERS) are outside the per-recipient
// count, neither held by a follow-up nor holding one; the total counts them too (docs/decisions.md
// "Automated send budget").
//
// The grant is a row update (automation_messages.budget_at) made under a transaction-scoped advisory
// lock, so processes sharing the database count one after another and never both take the last slot.
// It commits before the send: a process that dies after it keeps the slot for the retry, which sends
// without asking again, so the exactly-once delivery of a run is untouched.
import type { MessageChannel } from '@shine/shared/automation-rules';
import { HOLD_REASONS } from '@shine/shared/automation-rules';
import { type AutomationTrigger, SERVICE_TRIGGERS } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { toE164 } from './delivery/transports.ts';

/** pg_advisory_xact_lock key of the budget (any constant the application uses for nothing else). */
const SEND_BUDGET_LOCK = 0x5348_494e_4531; // "SHINE1"
export const BUDGET_WINDOW_MS = 3_600_000;

export interface SendBudget {
  /** Automated sends in any 60 minutes, all recipients together. */
  total: number;
  /** Automated sends in any 60 minutes to one recipient (address or phone). */
  perRecipient: number;
}

/**
 * One recipient whatever the spelling: e-mail lower-cased and trimmed, phone as E.164; a service
 * message's key has its own prefix, so the per-recipient count of follow-ups never meets it.
 */
export function recipientKey(channel: MessageChannel, recipient: string, service = false): string {
  const key = channel === 'email' ? `email:${recipient.trim().toLowerCase()}` : `sms:${toE164(recipient)}`;
  return service ? `service:${key}` : key;
}

export type BudgetDecision = { granted: true } | { granted: false; reason: string; heldUntil: Date };

/**
 * The `limit`-th most recent grant of the window, if there is one: the budget is spent until it
 * leaves the window (then one slot is free again).
 */
async function limitingGrant(
  trx: Knex.Transaction,
  since: Date,
  limit: number,
  key: string | undefined,
): Promise<Date | undefined> {
  const query = trx('automation_messages')
    .whereNotNull('budget_at')
    .where('budget_at', '>', since)
    .orderBy('budget_at', 'desc')
    .offset(limit - 1)
    .first('budget_at');
  if (key !== undefined) query.where('recipient_key', key);
  const row = (await query) as { budget_at: Date | string } | undefined;
  return row ? new Date(row.budget_at) : undefined;
}

/** Held until `limitingGrant` leaves the window, freeing its slot. */
function heldBy(limitingGrant: Date, reason: string): BudgetDecision {
  return { granted: false, reason, heldUntil: new Date(limitingGrant.getTime() + BUDGET_WINDOW_MS) };
}

/** Grants the message its send (stamping budget_at) or answers why and until when it is held. */
export async function takeSendSlot(
  db: Knex,
  message: { id: string; channel: MessageChannel; recipient: string },
  budget: SendBudget,
  now: Date,
  trigger: AutomationTrigger,
): Promise<BudgetDecision> {
  const service = (SERVICE_TRIGGERS as readonly AutomationTrigger[]).includes(trigger);
  const key = recipientKey(message.channel, message.recipient, service);
  const since = new Date(now.getTime() - BUDGET_WINDOW_MS);
  return db.transaction(async (trx) => {
    // Held until this transaction ends: the counts below and the grant are one step for everybody.
    await trx.raw('select pg_advisory_xact_lock(?)', [SEND_BUDGET_LOCK]);
    const recipientLimit = service ? undefined : await limitingGrant(trx, since, budget.perRecipient, key);
    if (recipientLimit) return heldBy(recipientLimit, HOLD_REASONS.recipient(budget.perRecipient));
    const totalLimit = await limitingGrant(trx, since, budget.total, undefined);
    if (totalLimit) return heldBy(totalLimit, HOLD_REASONS.global(budget.total));
    await trx('automation_messages').where({ id: message.id }).update({ budget_at: now, recipient_key: key });
    return { granted: true };
  });
}
