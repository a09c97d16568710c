// One attempt at a run: the rule's action applied to the lead. Database-only actions (task, status)
// and the bookkeeping of a delivered message commit together with the run's success, so a retry
// never repeats them; a message is rendered once and re-sent as it was on a retry. Before its first
// send, a message must be granted a slot of the hourly send budget (send-budget.ts); over it, the
// message and its run are held, and the scan queues the run again when the hour allows.
import { type AutomationAction, automationActionSchema } from '@shine/shared/automations';
import {
  buildTemplateValues,
  type MessageChannel,
  missingValueRefusal,
  NO_TRANSPORT_REASON,
  type TemplateContext,
} from '@shine/shared/automation-rules';
import { DEFAULT_BUSINESS_TIMEZONE } from '@shine/shared/business-time';
import type { ActivityStatus, ActivityType } from '@shine/shared/enums';
import { renderTemplate } from '@shine/shared/template-render';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { addActivity } from '../../activities/index.ts';
import type { AutomationRunRow } from '../../db/automation-tables.ts';
import { changeLeadStatusByAutomation, findLead } from '../../leads/index.ts';
import { describeVisitForMessage } from '../../scheduling/index.ts';
import { getCompanyDetails } from '../../settings/index.ts';
import { renderTemplateEmail, findTemplate } from '../../templates/index.ts';
import type { Transports } from '../delivery/transports.ts';
import { findOrInsertMessageOfRun, finishRun, holdRun, updateMessage } from '../runs.queries.ts';
import { type BudgetDecision, type SendBudget, takeSendSlot } from '../send-budget.ts';
import { AssigneeUnavailableError, assignByRule } from './assign-action.ts';
import { automatedEmailParts, type ReplyAddressOf } from './automated-email.ts';
import { consentRefusal } from './message-consent.ts';

/** A failure that no retry can fix (the template was deleted, the lead is gone): fail at once. */
export class PermanentRunError extends Error {}

export interface RunContext {
  db: Knex;
  transports: Transports;
  /** Automated sends allowed per hour, in all and per recipient (AUTOMATION_SENDS_PER_*). */
  budget: SendBudget;
  now: () => Date;
  /** The author of the activities automations record (see docs/decisions.md). */
  systemUserId: () => Promise<string>;
  /** PUBLIC_ORIGIN: the unsubscribe link of automated e-mail. */
  publicOrigin: string;
  replyAddressOf?: ReplyAddressOf;
  /** BUSINESS_TIMEZONE: the visit's time a message names (America/Chicago when not given). */
  timeZone?: string;
}

interface ActivityNote {
  type: ActivityType;
  subject: string;
  description: string;
  status: ActivityStatus;
  scheduledAt?: Date;
}

/** The run in progress: its row, its lead, and the author of what it records. */
interface Attempt {
  run: AutomationRunRow;
  lead: Lead;
  authorId: string;
}

async function recordActivity(ctx: RunContext, db: Knex, attempt: Attempt, note: ActivityNote): Promise<void> {
  // Not the lead's "last contact": an automated message is not a staff member getting in touch.
  await addActivity(db, {
    leadId: attempt.lead.id,
    userId: attempt.authorId,
    type: note.type,
    subject: note.subject.slice(0, 300),
    description: note.description,
    status: note.status,
    scheduledAt: note.scheduledAt ?? null,
    completedAt: note.status === 'completed' ? ctx.now() : null,
  });
}

/** What a message of this run knows beyond its lead: the review page, and the visit it is about. */
async function templateContextOf(ctx: RunContext, run: AutomationRunRow): Promise<TemplateContext> {
  const timeZone = ctx.timeZone ?? DEFAULT_BUSINESS_TIMEZONE;
  return {
    reviewUrl: (await getCompanyDetails(ctx.db)).reviewUrl,
    visitTime: await describeVisitForMessage(ctx.db, run.lead_id, run.occurrence_key, timeZone, ctx.now()),
  };
}

/** What a rule's action does to a lead, before anything is sent. */
export async function renderMessage(
  db: Knex,
  channel: MessageChannel,
  templateId: string,
  lead: Lead,
  context: TemplateContext = {},
) {
  const template = await findTemplate(db, templateId);
  if (!template) throw new PermanentRunError('The template of this rule no longer exists');
  if (template.type !== channel) {
    throw new PermanentRunError(
      `The template "${template.name}" is not an ${channel === 'email' ? 'e-mail' : 'SMS'} template`,
    );
  }
  const values = buildTemplateValues(lead, context);
  return {
    template,
    values,
    /** A value the template names that there is none of (no review page, no visit): not sent. */
    missing: missingValueRefusal([template.subject, template.content], values),
    templateName: template.name,
    to: channel === 'email' ? lead.email : lead.phone,
    subject: channel === 'email' ? renderTemplate(template.subject ?? template.name, values) : null,
    body: renderTemplate(template.content, values),
  };
}

async function deliver(
  ctx: RunContext,
  attempt: Attempt,
  channel: MessageChannel,
  templateId: string,
  isFinalAttempt: boolean,
): Promise<void> {
  const { run, lead } = attempt;
  const rendered = await renderMessage(ctx.db, channel, templateId, lead, await templateContextOf(ctx, run));
  const emailParts = channel === 'email' ? await automatedEmailParts(ctx.db, lead.id, ctx) : undefined;
  // An e-mail is stored as sent: its text and HTML twins, rendered once; a retry sends the stored row.
  const email = emailParts && (await renderTemplateEmail(rendered.template, rendered.values, emailParts.footer));
  const message = await findOrInsertMessageOfRun(ctx.db, {
    lead_id: lead.id,
    run_id: run.id,
    channel,
    recipient: rendered.to,
    subject: rendered.subject,
    body: email ? email.text : rendered.body,
    html: email ? email.html : null,
  });
  const label = channel === 'email' ? 'E-mail' : 'SMS';
  const subject = message.subject ?? `${label} "${rendered.templateName}"`;
  const activityType: ActivityType = channel === 'email' ? 'email' : 'note';
  const transport = ctx.transports[channel];

  /** The message stays in the outbox unsent, with the reason on it, the timeline and the run. */
  const keepUnsent = (reason: string, runStatus: 'skipped' | 'succeeded', held?: { held_until: null }) =>
    ctx.db.transaction(async (trx) => {
      await updateMessage(trx, message.id, { status: 'not_sent', reason, ...held });
      await recordActivity(ctx, trx, attempt, {
        type: activityType,
        subject: `${label} not sent: ${subject}`,
        description: `${reason} (kept in the outbox).\n\n${message.body}`,
        status: 'cancelled',
      });
      await finishRun(trx, run.id, runStatus, { outcome: `${label} to ${message.recipient} ${reason}` });
    });

  const refusal = message.status === 'sent' ? null : (consentRefusal(channel, lead) ?? rendered.missing);
  // A refusal (no consent, opted out, a value the message needs is missing) skips the run; a missing
  // transport is the setup's, not the lead's.
  if (refusal) return keepUnsent(refusal, 'skipped', { held_until: null });
  if (!transport && message.status !== 'sent') return keepUnsent(NO_TRANSPORT_REASON, 'succeeded');
  if (transport && message.status !== 'sent') {
    // A message granted its slot before (a retry after a failed send) sends without asking again.
    if (!message.budget_at) {
      const decision = await takeSendSlot(ctx.db, message, ctx.budget, ctx.now(), run.trigger);
      if (!decision.granted) {
        await holdMessage(ctx, attempt, message.id, `${label} to ${message.recipient}`, decision);
        return;
      }
    }
    try {
      await transport.send({
        to: message.recipient,
        subject: message.subject,
        body: message.body,
        html: message.html,
        id: message.id,
        ...(emailParts ? { replyTo: emailParts.replyTo, headers: emailParts.headers } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await updateMessage(ctx.db, message.id, {
        status: isFinalAttempt ? 'failed' : 'pending',
        reason,
        countAttempt: true,
      });
      throw error;
    }
  }
  await ctx.db.transaction(async (trx) => {
    await updateMessage(trx, message.id, {
      status: 'sent',
      reason: null,
      held_until: null,
      sent_at: ctx.now(),
      countAttempt: true,
    });
    await recordActivity(ctx, trx, attempt, {
      type: activityType,
      subject: channel === 'email' ? subject : `SMS sent: ${rendered.templateName}`,
      description: `Sent automatically to ${message.recipient}.\n\n${message.body}`,
      status: 'completed',
    });
    await finishRun(trx, run.id, 'succeeded', { outcome: `${label} sent to ${message.recipient}` });
  });
}

/**
 * Over the send budget: the message waits in the outbox with the reason and the time it is tried
 * again, and the run shows as held (not failed, not done). Nothing is recorded on the lead's
 * timeline yet: that happens when the message is sent.
 */
async function holdMessage(
  ctx: RunContext,
  attempt: Attempt,
  messageId: string,
  what: string,
  decision: Extract<BudgetDecision, { granted: false }>,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await updateMessage(trx, messageId, { status: 'held', reason: decision.reason, held_until: decision.heldUntil });
    await holdRun(trx, attempt.run.id, `${what} ${decision.reason}`);
  });
}

async function applyDatabaseAction(ctx: RunContext, attempt: Attempt, action: AutomationAction) {
  const { run, lead } = attempt;
  await ctx.db.transaction(async (trx) => {
    if (action.type === 'create_task') {
      const dueAt = new Date(ctx.now().getTime() + action.dueInHours * 3_600_000);
      await recordActivity(ctx, trx, attempt, {
        type: 'task',
        subject: action.title,
        description: `Created by the automation "${run.automation_name}".`,
        status: 'pending',
        scheduledAt: dueAt,
      });
      await finishRun(trx, run.id, 'succeeded', {
        outcome: `Task "${action.title}" created, due ${dueAt.toISOString()}`,
      });
    } else if (action.type === 'update_status') {
      const { previousStatus } = await changeLeadStatusByAutomation(trx, lead.id, action.status);
      const outcome =
        previousStatus === action.status
          ? `Status already ${action.status}`
          : `Status changed from ${previousStatus} to ${action.status}`;
      if (previousStatus !== action.status) {
        await recordActivity(ctx, trx, attempt, {
          type: 'note',
          subject: outcome,
          description: `Changed by the automation "${run.automation_name}".`,
          status: 'completed',
        });
      }
      await finishRun(trx, run.id, 'succeeded', { outcome });
    } else if (action.type === 'assign') {
      try {
        const { status, outcome } = await assignByRule(trx, lead.id, action, ctx.now());
        await finishRun(trx, run.id, status, { outcome });
      } catch (error) {
        // A rule naming a person who left: no retry can help; the lead stays unassigned.
        if (error instanceof AssigneeUnavailableError) throw new PermanentRunError(error.message);
        throw error;
      }
    }
  });
}

/** Runs the action; throws on failure (PermanentRunError when retrying cannot help). */
export async function executeRun(ctx: RunContext, run: AutomationRunRow, isFinalAttempt: boolean): Promise<void> {
  const parsed = automationActionSchema.safeParse(run.action);
  if (!parsed.success) throw new PermanentRunError('The action of this rule is not valid');
  const lead = await findLead(ctx.db, run.lead_id);
  if (!lead) throw new PermanentRunError('The lead no longer exists');
  // Resolved before any transaction: PGlite's one connection is the transaction's until it ends.
  const attempt: Attempt = { run, lead, authorId: await ctx.systemUserId() };
  const action = parsed.data;
  if (action.type === 'send_email' || action.type === 'send_sms') {
    await deliver(ctx, attempt, action.type === 'send_email' ? 'email' : 'sms', action.templateId, isFinalAttempt);
  } else {
    await applyDatabaseAction(ctx, attempt, action);
  }
}
