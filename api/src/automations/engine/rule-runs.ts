// From lead events to runs: an outbox event handed to the rules that were in force when it happened
// (a rule created, edited or switched on later does not reach back), one run per rule, lead and
// occurrence (runs.queries insertRunOnce), each queued as a job.
import { automationConditionsSchema } from '@shine/shared/automations';
import { matchesConditions } from '@shine/shared/automation-rules';
import type { AutomationTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { LeadEventRow } from '../../db/automation-tables.ts';
import type { AutomationRow } from '../../db/tables.ts';
import { findLeadEvent, isReactionEventTrigger, markLeadEventHandled } from '../../lead-events/index.ts';
import { findLead } from '../../leads/index.ts';
import { isFirstCompletedVisit } from '../../scheduling/index.ts';
import { listActiveAutomationRows } from '../automations.queries.ts';
import { insertRunOnce } from '../runs.queries.ts';

/** lead_created happens once per lead: its one occurrence. */
const CREATED_OCCURRENCE = 'created';
/** A `firstVisit` rule's one occurrence per lead: however many visits follow, it runs once. */
const FIRST_VISIT_OCCURRENCE = 'first-visit';

/** The job of the event queue: an outbox row (lead_events) to hand to the rules. */
export interface EventJob {
  eventId: string;
}

/**
 * Every status change is an occurrence of its own; lead_created happens once per lead; a quote's
 * event is written once per quote (its first opening, its answer), so the event is the occurrence.
 */
function occurrenceKeyOf(event: LeadEventRow): string {
  if (event.trigger === 'lead_created') return CREATED_OCCURRENCE;
  if (event.trigger === 'status_changed') return `${event.from_status}→${event.to_status}#${event.id}`;
  return `${event.trigger}#${event.id}`;
}

export function parseConditions(rule: AutomationRow) {
  const parsed = automationConditionsSchema.safeParse(rule.conditions ?? {});
  return parsed.success ? parsed.data : undefined;
}

export interface RuleRuns {
  /** Creates the run of a rule for a lead's occurrence and queues it; false when it existed already. */
  createRun: (
    rule: AutomationRow,
    leadId: string,
    trigger: AutomationTrigger,
    occurrenceKey: string,
  ) => Promise<boolean>;
  /**
   * Hands one outbox event to its rules, then marks it handled. Safe to repeat: runs are unique per
   * rule, lead and occurrence. Answers how many runs it created.
   */
  handleEvent: (event: LeadEventRow) => Promise<number>;
  /** The event queue's job: the event, unless it was handled meanwhile. */
  handleEventJob: (job: EventJob) => Promise<void>;
}

export function createRuleRuns(deps: {
  db: Knex;
  queueRun: (runId: string) => Promise<void>;
  /** A repeat request no rule listens to: speed to lead alerts the lead's assignee (and marks it handled). */
  offerRepeatAlert: (event: LeadEventRow) => Promise<void>;
}): RuleRuns {
  const { db, queueRun, offerRepeatAlert } = deps;

  async function createRun(rule: AutomationRow, leadId: string, trigger: AutomationTrigger, occurrenceKey: string) {
    const run = await insertRunOnce(db, {
      automationId: rule.id,
      automationName: rule.name,
      leadId,
      trigger,
      occurrenceKey,
      action: rule.actions,
    });
    if (run) await queueRun(run.id);
    return run !== undefined;
  }

  async function handleEvent(event: LeadEventRow): Promise<number> {
    if (event.trigger === 'repeat_request') {
      await offerRepeatAlert(event);
      return 0;
    }
    // No rule listens to what only the reactions hear of (api/src/reactions/).
    if (isReactionEventTrigger(event.trigger)) return 0;
    let created = 0;
    const rules = (await listActiveAutomationRows(db, event.trigger)).filter(
      (rule) => rule.updated_at.getTime() <= event.occurred_at.getTime(),
    );
    const lead = rules.length > 0 ? await findLead(db, event.lead_id) : undefined;
    if (lead) {
      const change =
        event.trigger === 'status_changed' && event.from_status && event.to_status
          ? { from: event.from_status, to: event.to_status }
          : undefined;
      for (const rule of rules) {
        const conditions = parseConditions(rule);
        if (!conditions || !matchesConditions(conditions, lead, change)) continue;
        let occurrenceKey = occurrenceKeyOf(event);
        if (conditions.firstVisit) {
          // A completed visit after an earlier one is not the first (a rule switched on mid-series
          // does not ask a long-standing customer); the fixed occurrence makes it once per lead.
          if (event.trigger !== 'visit_completed' || !(await isFirstCompletedVisit(db, lead.id))) continue;
          occurrenceKey = FIRST_VISIT_OCCURRENCE;
        }
        if (await createRun(rule, lead.id, event.trigger, occurrenceKey)) created += 1;
      }
    }
    await markLeadEventHandled(db, event.id);
    return created;
  }

  async function handleEventJob({ eventId }: EventJob): Promise<void> {
    const event = eventId ? await findLeadEvent(db, eventId) : undefined;
    if (event && !event.handled_at) await handleEvent(event);
  }

  return { createRun, handleEvent, handleEventJob };
}
