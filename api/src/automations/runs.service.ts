// Run history, the outbox, and the dry run (preview) of a rule.
import { automationActionSchema, automationConditionsSchema, ROUND_ROBIN } from '@shine/shared/automations';
import type {
  AutomationPreview,
  AutomationRun,
  automationPreviewSchema,
  OutboxMessage,
  OutboxQuery,
} from '@shine/shared/automation-rules';
import { API_ERRORS } from '@shine/shared/messages';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { countLeadCandidates, listLeadCandidates, assertLeadExists } from '../leads/index.ts';
import { openSentQuotes } from '../quotes/index.ts';
import { upcomingVisits } from '../scheduling/index.ts';
import { findAutomationRow } from './automations.queries.ts';
import { previewAssignee } from './engine/assign-action.ts';
import { PermanentRunError, renderMessage } from './engine/execute-run.ts';
import {
  listMessageRows,
  listRunRowsOfAutomation,
  listRunRowsOfLead,
  type MessageListRow,
  type RunListRow,
  runOfOccurrence,
} from './runs.queries.ts';

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRun(row: RunListRow): AutomationRun {
  return {
    id: row.id,
    automationId: row.automation_id,
    automationName: row.automation_name,
    leadId: row.lead_id,
    leadName: row.lead_name,
    trigger: row.trigger,
    occurrenceKey: row.occurrence_key,
    status: row.status,
    outcome: row.outcome,
    error: row.error,
    attempts: Number(row.attempts),
    createdAt: toIso(row.created_at) as string,
    finishedAt: toIso(row.finished_at),
  };
}

function toMessage(row: MessageListRow): OutboxMessage {
  return {
    id: row.id,
    leadId: row.lead_id,
    leadName: row.lead_name,
    runId: row.run_id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    reason: row.reason,
    heldUntil: row.status === 'held' ? toIso(row.held_until) : null,
    attempts: Number(row.attempts),
    createdAt: toIso(row.created_at) as string,
    sentAt: toIso(row.sent_at),
  };
}

export async function listRunsOfAutomation(db: Knex, automationId: string): Promise<AutomationRun[]> {
  if (!(await findAutomationRow(db, automationId))) throw new AppError(404, API_ERRORS.automationNotFound);
  return (await listRunRowsOfAutomation(db, automationId)).map(toRun);
}

export async function listRunsOfLead(db: Knex, leadId: string): Promise<AutomationRun[]> {
  await assertLeadExists(db, leadId);
  return (await listRunRowsOfLead(db, leadId)).map(toRun);
}

export async function listMessagesOfLead(db: Knex, leadId: string): Promise<OutboxMessage[]> {
  await assertLeadExists(db, leadId);
  return (await listMessageRows(db, { status: 'all', leadId })).map(toMessage);
}

/** What the automations sent (or tried to send) the lead itself: the lead's outbox without the staff alerts about it. */
export async function listMessagesToLead(db: Knex, leadId: string): Promise<OutboxMessage[]> {
  await assertLeadExists(db, leadId);
  return (await listMessageRows(db, { status: 'all', leadId, toLeadOnly: true })).map(toMessage);
}

export async function listOutbox(db: Knex, query: OutboxQuery): Promise<OutboxMessage[]> {
  return (await listMessageRows(db, { status: query.status })).map(toMessage);
}

const PREVIEW_LEADS = 50;

/** What the rule would do right now: its leads and the first one's action. Sends and writes nothing. */
export async function previewAutomation(
  db: Knex,
  input: z.output<typeof automationPreviewSchema>,
  now: Date,
): Promise<AutomationPreview> {
  const conditions = automationConditionsSchema.parse(JSON.parse(input.conditions));
  const action = automationActionSchema.parse(JSON.parse(input.actions));
  const selection = {
    trigger: input.trigger,
    conditions,
    now,
    exclude: input.id ? runOfOccurrence(db, input.id) : undefined,
    openQuotes: input.trigger === 'quote_not_answered' ? openSentQuotes(db, now) : undefined,
    upcomingVisits: input.trigger === 'visit_upcoming' ? upcomingVisits(db, now) : undefined,
  };
  const [total, candidates] = await Promise.all([
    countLeadCandidates(db, selection),
    listLeadCandidates(db, selection, PREVIEW_LEADS),
  ]);
  const leads = candidates.map((candidate) => candidate.lead);
  const first = leads[0];
  let firstAction: AutomationPreview['firstAction'] = null;
  if (first) {
    if (action.type === 'send_email' || action.type === 'send_sms') {
      const channel = action.type === 'send_email' ? 'email' : 'sms';
      try {
        const message = await renderMessage(db, channel, action.templateId, first);
        firstAction =
          action.type === 'send_email'
            ? { type: 'send_email', to: message.to, subject: message.subject ?? '', body: message.body }
            : { type: 'send_sms', to: message.to, body: message.body };
      } catch (error) {
        if (error instanceof PermanentRunError) throw new AppError(400, error.message);
        throw error;
      }
    } else if (action.type === 'create_task') {
      firstAction = {
        type: 'create_task',
        title: action.title,
        dueAt: new Date(now.getTime() + action.dueInHours * 3_600_000).toISOString(),
      };
    } else if (action.type === 'update_status') {
      firstAction = { type: 'update_status', from: first.status, to: action.status };
    } else {
      firstAction = {
        type: 'assign',
        roundRobin: action.to === ROUND_ROBIN,
        assignee: await previewAssignee(db, action, now),
      };
    }
  }
  return {
    total,
    leads: leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      status: lead.status,
    })),
    firstAction,
  };
}
