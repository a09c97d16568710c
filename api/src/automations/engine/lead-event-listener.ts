// What the engine does when it hears of a committed lead event (server.ts: listenToLeadEvents): a
// repeat request goes to speed to lead alone; a new lead is offered its on-duty alert; any event a
// rule listens to is queued for the rules. Never throws, never waits: whatever fails here is found
// by the per-minute scan in the outbox.
import type { AutomationTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { findLeadEvent, isReactionEventTrigger, type LeadEventListener } from '../../lead-events/index.ts';
import type { Logger } from '../../logger.ts';
import type { SpeedToLead } from '../../speed-to-lead/index.ts';
import { hasActiveAutomation } from '../automations.queries.ts';

export interface LeadEventHandling {
  handleLeadEvent: LeadEventListener;
  /** Whether an event is being handed on right now (the engine is not idle while one is). */
  isBusy: () => boolean;
}

export function createLeadEventListener(deps: {
  db: Knex;
  logger: Logger;
  speedToLead: SpeedToLead;
  /** What tells the customer (api/src/reactions/). */
  reactions: { handles: (trigger: string) => boolean; handleEvent: (eventId: string) => Promise<void> };
  /** Queues the event for the rules (the automation-event queue). */
  queueEvent: (eventId: string) => Promise<unknown>;
}): LeadEventHandling {
  const { db, logger, speedToLead, reactions, queueEvent } = deps;
  // Events being handed on right now.
  const queueing = new Set<Promise<unknown>>();

  function track(work: Promise<unknown>, failure: string, eventId: string): void {
    const tracked: Promise<unknown> = work
      .catch((err: unknown) => logger.error({ err, eventId }, failure))
      .finally(() => queueing.delete(tracked));
    queueing.add(tracked);
  }

  async function offerRepeatAlert(eventId: string): Promise<void> {
    const event = await findLeadEvent(db, eventId);
    if (event && !event.handled_at) await speedToLead.offerRepeatAlert(event);
  }

  // No rule listens: nothing to queue (a durable job is several writes per lead). The event stays
  // unhandled in the outbox; a rule saved later is younger than the event and never applies to it.
  async function queueForRules(eventId: string, trigger: AutomationTrigger): Promise<void> {
    if (await hasActiveAutomation(db, trigger)) await queueEvent(eventId);
  }

  const handleLeadEvent: LeadEventListener = ({ id: eventId, trigger, leadId }) => {
    if (reactions.handles(trigger)) {
      track(reactions.handleEvent(eventId), 'reactions not offered; the scan will take them up', eventId);
    }
    if (isReactionEventTrigger(trigger)) return;
    if (trigger === 'repeat_request') {
      track(offerRepeatAlert(eventId), 'repeat alert not offered; the scan will take it up', eventId);
      return;
    }
    if (trigger === 'lead_created') {
      track(speedToLead.offerOnDutyAlert(leadId), 'lead alert not offered; the scan will take it up', eventId);
    }
    track(queueForRules(eventId, trigger), 'automation event not queued; the scan will take it up', eventId);
  };

  return { handleLeadEvent, isBusy: () => queueing.size > 0 };
}
