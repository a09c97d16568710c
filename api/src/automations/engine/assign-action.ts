// The automation action `assign` (docs/decisions.md, "Assignment"): round robin among the
// available sales reps, or one person. Only a lead nobody holds is assigned; the rotation, the lead,
// the audit row and the run's outcome commit together.
import { type AutomationAction, ROUND_ROBIN } from '@shine/shared/automations';
import type { Person } from '@shine/shared/types';
import type { Knex } from 'knex';
import { findAssignableUser, peekRoundRobinAssignee, pickRoundRobinAssignee } from '../../auth/index.ts';
import { assignLeadByAutomation, openLeadCountOf } from '../../leads/index.ts';

type AssignAction = Extract<AutomationAction, { type: 'assign' }>;

/** What the run records: its status and the outcome in words. */
export interface AssignOutcome {
  status: 'succeeded' | 'skipped';
  outcome: string;
}

export const NOBODY_AVAILABLE =
  'Not assigned: no sales rep is available (away, disabled, without a password yet, or at their open-lead cap); the lead stays unassigned';
export const ASSIGNEE_INACTIVE = 'The person this rule assigns to is disabled or no longer on the team';

/** Thrown when a rule names one person who may not be given leads: the run fails, the lead stays unassigned. */
export class AssigneeUnavailableError extends Error {}

export async function assignByRule(
  trx: Knex.Transaction,
  leadId: string,
  action: AssignAction,
  now: Date,
): Promise<AssignOutcome> {
  const roundRobin = action.to === ROUND_ROBIN;
  const result = await assignLeadByAutomation(trx, leadId, roundRobin ? 'round_robin' : 'rule', () =>
    roundRobin
      ? pickRoundRobinAssignee(trx, now, (userId) => openLeadCountOf(trx, userId))
      : findAssignableUser(trx, action.to),
  );
  if (result.kind === 'already_assigned') {
    return { status: 'skipped', outcome: `Already assigned to ${result.assignee.name}; left as it is` };
  }
  if (result.kind === 'nobody_available') {
    if (!roundRobin) throw new AssigneeUnavailableError(ASSIGNEE_INACTIVE);
    return { status: 'skipped', outcome: NOBODY_AVAILABLE };
  }
  return {
    status: 'succeeded',
    outcome: `Assigned to ${result.assignee.name}${roundRobin ? ' (round robin)' : ''}`,
  };
}

/** For a rule's preview: who would be given a lead now (round robin: the next in turn); nothing moves. */
export async function previewAssignee(db: Knex, action: AssignAction, now: Date): Promise<Person | null> {
  const person =
    action.to === ROUND_ROBIN
      ? await peekRoundRobinAssignee(db, now, (userId) => openLeadCountOf(db, userId))
      : await findAssignableUser(db, action.to);
  return person ?? null;
}
