// The per-minute scan (the automation-scan queue): the runs the time-based triggers owe as of now,
// outbox events whose report was lost, held messages whose hour has passed, runs whose job was never
// queued, and speed to lead's own due alerts.
import { TIME_TRIGGERS } from '@shine/shared/enums';
import type { Knex } from 'knex';
import {
  listUnhandledLeadEvents,
  listUnhandledRepeatRequests,
  markLeadEventsHandledUnless,
} from '../../lead-events/index.ts';
import { listLeadCandidates } from '../../leads/index.ts';
import { openSentQuotes } from '../../quotes/index.ts';
import { upcomingVisits } from '../../scheduling/index.ts';
import type { SpeedToLead } from '../../speed-to-lead/index.ts';
import { listActiveAutomationRows, ruleInForce } from '../automations.queries.ts';
import { listStrandedRunIds, releaseHeldRuns, runOfOccurrence } from '../runs.queries.ts';
import { parseConditions, type RuleRuns } from './rule-runs.ts';

/** How far back the scan looks for outbox events nobody handled (a rule's message a day late is news no more). */
export const UNHANDLED_EVENT_WINDOW_MS = 24 * 3_600_000;

export interface TimeScanDeps {
  db: Knex;
  now: () => Date;
  ruleRuns: RuleRuns;
  speedToLead: SpeedToLead;
  /** Queues a run's job (again, after its n-th hold: engine.ts jobIdOf). */
  queueRun: (runId: string, holds?: number) => Promise<void>;
  /** Leads handled per rule and scan; the next minute takes the rest. */
  scanBatch: number;
}

/** Creates and queues the runs the time-based triggers owe as of now(); answers how many. */
export function createTimeScan(deps: TimeScanDeps): () => Promise<number> {
  const { db, now, ruleRuns, speedToLead, queueRun, scanBatch } = deps;
  return async function scanTimeTriggers(): Promise<number> {
    const at = now();
    let created = 0;
    for (const trigger of TIME_TRIGGERS) {
      for (const rule of await listActiveAutomationRows(db, trigger)) {
        const conditions = parseConditions(rule);
        // `firstVisit` describes a completed visit: on a time trigger it matches nothing.
        if (!conditions || conditions.firstVisit) continue;
        const selection = {
          trigger,
          conditions,
          now: at,
          exclude: runOfOccurrence(db, rule.id),
          openQuotes: trigger === 'quote_not_answered' ? openSentQuotes(db, at) : undefined,
          upcomingVisits: trigger === 'visit_upcoming' ? upcomingVisits(db, at) : undefined,
        };
        for (const { lead, occurrenceKey } of await listLeadCandidates(db, selection, scanBatch)) {
          if (await ruleRuns.createRun(rule, lead.id, trigger, occurrenceKey)) created += 1;
        }
      }
    }
    // Outbox events whose report was lost (the process stopped after the commit, or the queue failed).
    const since = new Date(at.getTime() - UNHANDLED_EVENT_WINDOW_MS);
    // Repeat requests first: no rule listens to them, so the next statement would mark them handled.
    for (const event of await listUnhandledRepeatRequests(db, since, scanBatch)) {
      await speedToLead.offerRepeatAlert(event);
    }
    // Those no rule was in force for (reported while no rule listened, so never queued) are marked
    // handled: no rule can apply to them any more, since a rule saved from now on is younger.
    for (const event of await listUnhandledLeadEvents(db, since, scanBatch, ruleInForce(db))) {
      created += await ruleRuns.handleEvent(event);
    }
    await markLeadEventsHandledUnless(db, since, ruleInForce(db));
    // Held messages whose hour has passed: their runs are queued again (and held again if the budget
    // is still spent).
    for (const { id, holds } of await releaseHeldRuns(db, at, scanBatch)) await queueRun(id, holds);
    // A run whose job was never queued (its process stopped between the two statements) is queued now.
    for (const { id, holds } of await listStrandedRunIds(db, new Date(Date.now() - 60_000))) await queueRun(id, holds);
    await speedToLead.scanLeadAlerts(at);
    return created;
  };
}
