// The reactions at work: a committed lead event becomes one delivery per reaction that handles it
// (reaction_deliveries, made once), each delivery a job of the queue, and each job sends its e-mail
// once. What makes "once" hold across retries, crashes and processes:
// - a delivery is made once per event and reaction (a unique key), however often it is offered;
// - its job has the delivery's id, so the queue holds one job per delivery;
// - before its first send, a delivery takes a Message-ID and its place in the lead's conversation,
//   kept with it: a send again after a crash is the same message to the recipient's mail system;
// - the engine's per-minute scan offers again what a stopped process left: events without their
//   deliveries, and deliveries due whose job was lost.
import { findStaffContactRows, findOrCreateSystemUserId, SYSTEM_USERNAME } from '../auth/index.ts';
import { recordPendingEmail, settleEmail } from '../conversations/index.ts';
import type { LeadEventRow, ReactionDeliveryRow } from '../db/automation-tables.ts';
import { findLeadEvent, listLeadEventsWithout } from '../lead-events/index.ts';
import type { Logger } from '../logger.ts';
import { sentEmailIdOfLead } from '../mailbox/index.ts';
import { accountLinkEmailReaction } from './account-link-email.reaction.ts';
import { bookingEmailReaction } from './booking-email.reaction.ts';
import { invoiceEmailReaction } from './invoice-email.reaction.ts';
import { quoteEmailReaction } from './quote-email.reaction.ts';
import { receiptEmailReaction } from './receipt-email.reaction.ts';
import type { EmailSender, Reaction, ReactionContext } from './reaction.ts';
import {
  claimMessageOnce,
  findDelivery,
  insertDeliveryOnce,
  listDueDeliveries,
  deliveriesOfEvent,
  settleDelivery,
} from './reactions.queries.ts';

/** Every reaction, in one place. */
export const REACTIONS: readonly Reaction[] = [
  quoteEmailReaction,
  bookingEmailReaction,
  invoiceEmailReaction,
  receiptEmailReaction,
  accountLinkEmailReaction,
];

const reactionsOf = (trigger: string) => REACTIONS.filter((reaction) => reaction.triggers.includes(trigger as never));
const REACTION_TRIGGERS = [...new Set(REACTIONS.flatMap((reaction) => reaction.triggers))];

/** Whether any reaction handles the trigger. */
export function hasReaction(trigger: string): boolean {
  return reactionsOf(trigger).length > 0;
}

/** How far back the scan looks: a confirmation a day late is news no more. */
const SCAN_WINDOW_MS = 24 * 3_600_000;
/** An event younger than this may still be on its way from the process that committed it. */
const REPORT_GRACE_MS = 30_000;
const SCAN_BATCH = 200;

/** The conversation's reason when the mail server did not take it (its answer is logged, not shown). */
const FAILED = 'failed: the mail server did not accept the e-mail';

export interface ReactionsDeps extends ReactionContext {
  logger: Logger;
  /** undefined: no SMTP; the deliveries wait in the table (shown as not sent). */
  email: EmailSender | undefined;
  /** The lead's reply address (the mailbox's). */
  replyAddressOf: (leadId: string) => Promise<string | undefined>;
  /** A customer's own changes wait this long for more before their e-mail goes. */
  quietMs: number;
  /** Queues the delivery's job (its id is the delivery's), to start no earlier than `startAfter`. */
  queue: (deliveryId: string, startAfter: Date) => Promise<void>;
}

export interface Reactions {
  /** Whether a reaction handles events of the trigger. */
  handles: (trigger: string) => boolean;
  /** A committed event: its deliveries made and queued. */
  handleEvent: (eventId: string) => Promise<void>;
  /** One delivery's job; `lastAttempt`: a failure now is final. */
  work: (deliveryId: string, lastAttempt: boolean) => Promise<void>;
  /** What a stopped process left: events without deliveries, due deliveries whose job was lost. */
  scan: () => Promise<void>;
}

export function createReactions(deps: ReactionsDeps): Reactions {
  const { db, logger, now } = deps;

  async function offer(event: LeadEventRow): Promise<void> {
    for (const reaction of reactionsOf(event.trigger)) {
      const fold = reaction.fold?.(event, deps.quietMs);
      const sendAfter = new Date(event.occurred_at.getTime() + (fold?.waitMs ?? 0));
      const delivery = await insertDeliveryOnce(db, {
        eventId: event.id,
        reaction: reaction.name,
        leadId: event.lead_id,
        sendAfter,
        foldKey: fold?.key ?? null,
      });
      if (delivery) await deps.queue(delivery.id, delivery.send_after);
    }
  }

  async function senderOf(actorId: string | undefined): Promise<{ id: string; username: string }> {
    const [person] = actorId ? await findStaffContactRows(db, [actorId]) : [];
    if (person) return { id: person.id, username: person.username };
    return { id: await findOrCreateSystemUserId(db), username: SYSTEM_USERNAME };
  }

  async function deliver(delivery: ReactionDeliveryRow, lastAttempt: boolean): Promise<void> {
    const reaction = REACTIONS.find((candidate) => candidate.name === delivery.reaction);
    const event = await findLeadEvent(db, delivery.event_id);
    if (!reaction || !event) {
      await settleDelivery(db, delivery.id, { status: 'skipped', reason: 'no such reaction or event' });
      return;
    }
    const email = await reaction.email(deps, event, delivery.folded);
    if (!email) {
      await settleDelivery(db, delivery.id, { status: 'skipped' });
      return;
    }
    if (!deps.email) {
      await settleDelivery(db, delivery.id, { status: 'skipped', reason: 'no SMTP server configured' });
      return;
    }
    let claimed = delivery;
    if (!claimed.message_id) {
      const sentBy = await senderOf(email.actorId);
      // The Message-ID and the conversation's pending message, together and once.
      claimed = await db.transaction(async (trx) => {
        const conversationMessageId = await recordPendingEmail(trx, {
          leadId: delivery.lead_id,
          to: email.message.to,
          subject: email.message.subject,
          body: email.recordedBody ?? email.message.body,
          attachments: email.message.attachments.map((file) => file.filename),
          sentBy,
          at: now(),
        });
        const row = await claimMessageOnce(trx, delivery.id, {
          messageId: await sentEmailIdOfLead(trx, delivery.lead_id),
          conversationMessageId,
        });
        if (row.conversation_message_id !== conversationMessageId) throw new Error('claimed by another attempt');
        return row;
      });
    }
    const messageId = claimed.message_id as string;
    const replyTo = await deps.replyAddressOf(delivery.lead_id);
    try {
      await deps.email.send({ ...email.message, id: messageId, ...(replyTo ? { replyTo } : {}) });
    } catch (error) {
      const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
      logger.warn({ code, responseCode, reaction: reaction.name, lastAttempt }, 'a reaction e-mail was not sent');
      if (!lastAttempt) throw error;
      await settleDelivery(db, delivery.id, { status: 'failed', reason: FAILED });
      if (claimed.conversation_message_id) {
        await settleEmail(db, delivery.lead_id, claimed.conversation_message_id, { sent: false, reason: FAILED });
      }
      return;
    }
    await settleDelivery(db, delivery.id, { status: 'sent' });
    if (claimed.conversation_message_id) {
      await settleEmail(db, delivery.lead_id, claimed.conversation_message_id, { sent: true });
    }
  }

  return {
    handles: hasReaction,
    async handleEvent(eventId) {
      const event = await findLeadEvent(db, eventId);
      if (event && hasReaction(event.trigger)) await offer(event);
    },
    async work(deliveryId, lastAttempt) {
      const delivery = await findDelivery(db, deliveryId);
      if (delivery?.status !== 'pending') return;
      await deliver(delivery, lastAttempt);
    },
    async scan() {
      const at = now();
      const since = new Date(at.getTime() - SCAN_WINDOW_MS);
      const before = new Date(at.getTime() - REPORT_GRACE_MS);
      for (const event of await listLeadEventsWithout(
        db,
        { triggers: REACTION_TRIGGERS, since, before, limit: SCAN_BATCH },
        (eventId) => deliveriesOfEvent(db, eventId),
      )) {
        await offer(event);
      }
      for (const delivery of await listDueDeliveries(db, since, at, SCAN_BATCH)) {
        await deps.queue(delivery.id, delivery.send_after);
      }
    },
  };
}
