// Speed to lead (docs/decisions.md, "Speed to lead: on duty and escalation"): each new lead alerts the
// person on duty by SMS and/or e-mail; a lead nobody has answered (still New, nothing logged by a
// person) after N business minutes alerts the escalation contact and is tagged Escalated. Each alert
// is a lead_alerts row, unique per lead and step, worked by one job at a time like a rule's run; its
// messages are outbox rows, one per channel, so a retry sends only what did not go out. Whatever
// happens — sent, not sent and why — is written on the lead's timeline. A repeat request of the same
// person alerts the lead's assignee the same way (once per request), or the person on duty when nobody
// holds the lead: a customer asking twice is the hottest lead there is.
import { isQuietTime } from '@shine/shared/alerts';
import { NO_TRANSPORT_REASON, type MessageChannel } from '@shine/shared/automation-rules';
import { addBusinessMinutes, isWithinBusinessHours, weekdayIn } from '@shine/shared/business-time';
import {
  ESCALATED_TAG,
  type LeadAlertSettings,
  type LeadAlertStep,
  STAFF_ALERT_DIGEST_MINUTES,
  STAFF_ALERTS_PER_CLIENT_PER_HOUR,
  STAFF_ALERTS_PER_HOUR,
  type StaffAlertText,
  staffAlertDigestText,
  staffAlertText,
  WEEKDAY_NAMES,
} from '@shine/shared/lead-alerts';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity, staffActivityOf } from '../../activities/activities.service.ts';
import { type AlertRecipient, findAlertRecipients } from '../../auth/alert-recipients.service.ts';
import type { LeadAlertRow } from '../../db/automation-tables.ts';
import { listAlertCandidates } from '../../leads/lead-candidates.service.ts';
import { type RenderedEmail, renderEmail } from '../../email/email.service.ts';
import { findLead, tagLeadByAutomation } from '../../leads/leads.service.ts';
import { getCompanyDetails } from '../../settings/company-details.service.ts';
import { getLeadAlertSettings } from '../../settings/settings.service.ts';
import {
  alertOfLead,
  claimDigest,
  countAlertsSentSince,
  finishAlert,
  findOrInsertAlertMessage,
  releaseDigest,
} from '../lead-alerts.queries.ts';
import { updateMessage } from '../runs.queries.ts';
import { staffAlertEmailContent } from './alert-email.ts';
import type { RunContext } from './execute-run.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A lead whose on-duty alert was never offered (its process stopped) is still alerted this long after it came in. */
const ON_DUTY_CATCH_UP_MS = HOUR;
/** How far back the scan looks for unanswered leads (a weekend is under three days of wall time). */
const ESCALATION_WINDOW_MS = 7 * 24 * HOUR;

export interface AlertContext extends RunContext {
  /** Where the CRM is, for the link in the alert. */
  publicOrigin: string;
}

const STEP_LABEL: Record<LeadAlertStep, string> = {
  on_duty: 'On-duty alert',
  escalation: 'Escalation',
  repeat: 'Repeat-request alert',
};
const CHANNEL_LABEL: Record<MessageChannel, string> = { sms: 'SMS', email: 'e-mail' };
/** At the start of a note. */
const CHANNEL_NOTE: Record<MessageChannel, string> = { sms: 'SMS', email: 'E-mail' };
const MISSING_ADDRESS: Record<MessageChannel, string> = { sms: 'no phone number', email: 'no e-mail address' };

/** Who the alert goes to, or why it goes to nobody, or why it waits for the digest. */
type Plan =
  | { kind: 'send'; recipient: AlertRecipient; note: string | null }
  | { kind: 'skip'; reason: string; recipientId: string | null }
  | { kind: 'fold'; reason: string; recipientId: string };
/** Who, or why nobody, before the budget is asked. */
type RecipientPlan = Exclude<Plan, { kind: 'fold' }>;

/** Nobody answered: still New, and nothing a person logged on it. */
function unansweredUnless(db: Knex, systemUserId: string) {
  return (leadId: string) => staffActivityOf(db, leadId, systemUserId);
}

/** The leads owed an on-duty alert now: the newest hour since alerts were switched on, without one yet. */
export async function leadsOwedOnDutyAlert(
  db: Knex,
  enabledAt: Date,
  now: Date,
  limit: number,
  leadId?: string,
): Promise<string[]> {
  const createdFrom = new Date(Math.max(enabledAt.getTime(), now.getTime() - ON_DUTY_CATCH_UP_MS));
  const rows = await listAlertCandidates(
    db,
    { createdFrom, createdTo: now, exclude: alertOfLead(db, 'on_duty'), leadId },
    limit,
  );
  return rows.map((row) => row.id);
}

/** The leads whose escalation is due now: unanswered for `escalateAfterMinutes` business minutes, not escalated yet. */
export async function leadsOwedEscalation(
  db: Knex,
  settings: LeadAlertSettings,
  enabledAt: Date,
  now: Date,
  systemUserId: string,
  limit: number,
): Promise<string[]> {
  const minutes = settings.escalateAfterMinutes;
  const rows = await listAlertCandidates(
    db,
    {
      createdFrom: new Date(Math.max(enabledAt.getTime(), now.getTime() - ESCALATION_WINDOW_MS)),
      // Business minutes never outrun the wall clock: younger leads cannot be due.
      createdTo: new Date(now.getTime() - minutes * MINUTE),
      unansweredUnless: unansweredUnless(db, systemUserId),
      exclude: alertOfLead(db, 'escalation'),
    },
    limit,
  );
  return rows
    .filter((row) => addBusinessMinutes(row.createdAt, minutes).getTime() <= now.getTime())
    .map((row) => row.id);
}

const available = (person: AlertRecipient): boolean => !person.disabled && !person.away;

async function planOnDuty(ctx: AlertContext, settings: LeadAlertSettings, at: Date): Promise<RecipientPlan> {
  if (!isWithinBusinessHours(at) && !settings.outsideBusinessHours) {
    return { kind: 'skip', reason: 'the quote came outside business hours', recipientId: null };
  }
  const day = weekdayIn(at);
  const onDutyId = settings.onDuty[day];
  if (!onDutyId) return { kind: 'skip', reason: `nobody is on duty on ${WEEKDAY_NAMES[day]}`, recipientId: null };
  const people = await findAlertRecipients(ctx.db, [onDutyId, settings.escalateTo ?? onDutyId], at);
  const onDuty = people.get(onDutyId);
  if (onDuty && available(onDuty)) return { kind: 'send', recipient: onDuty, note: null };
  const absent = onDuty
    ? `${onDuty.name} is ${onDuty.disabled ? 'no longer on the team' : 'away'}`
    : 'the person on duty left';
  // An absent person is skipped, not waited for: the escalation contact hears of the lead now.
  const stand = settings.escalateTo ? people.get(settings.escalateTo) : undefined;
  if (stand && available(stand))
    return { kind: 'send', recipient: stand, note: `${absent}: sent to the escalation contact` };
  return { kind: 'skip', reason: `${absent} and no escalation contact can take it`, recipientId: onDuty?.id ?? null };
}

/** A repeat request: the lead's assignee, in the hours the on-duty alert keeps; nobody holds it: the person on duty. */
async function planRepeat(
  ctx: AlertContext,
  settings: LeadAlertSettings,
  lead: Lead,
  at: Date,
): Promise<RecipientPlan> {
  if (!lead.assignedTo) return planOnDuty(ctx, settings, at);
  if (!isWithinBusinessHours(at) && !settings.outsideBusinessHours) {
    return { kind: 'skip', reason: 'the request came outside business hours', recipientId: lead.assignedTo };
  }
  const person = (await findAlertRecipients(ctx.db, [lead.assignedTo], at)).get(lead.assignedTo);
  if (person && available(person)) return { kind: 'send', recipient: person, note: null };
  const why = person ? `${person.name} is ${person.disabled ? 'no longer on the team' : 'away'}` : 'the assignee left';
  return { kind: 'skip', reason: why, recipientId: person?.id ?? null };
}

async function planEscalation(ctx: AlertContext, settings: LeadAlertSettings, at: Date): Promise<RecipientPlan> {
  if (!settings.escalateTo) return { kind: 'skip', reason: 'no escalation contact is set', recipientId: null };
  const person = (await findAlertRecipients(ctx.db, [settings.escalateTo], at)).get(settings.escalateTo);
  if (!person || !available(person)) {
    const why = person
      ? `${person.name} is ${person.disabled ? 'no longer on the team' : 'away'}`
      : 'the escalation contact left';
    return { kind: 'skip', reason: why, recipientId: person?.id ?? null };
  }
  return { kind: 'send', recipient: person, note: null };
}

/**
 * Who an alert of `step` goes to now, whatever the budget (an alert on its own, or a digest). A repeat
 * request goes to its lead's assignee; a digest of repeat requests (no one lead) to the person on duty.
 */
async function planRecipient(
  ctx: AlertContext,
  step: LeadAlertStep,
  settings: LeadAlertSettings,
  at: Date,
  lead?: Lead,
): Promise<RecipientPlan> {
  if (!settings.enabled) return { kind: 'skip', reason: 'speed-to-lead alerts were switched off', recipientId: null };
  const planned =
    step === 'escalation'
      ? await planEscalation(ctx, settings, at)
      : step === 'repeat' && lead
        ? await planRepeat(ctx, settings, lead, at)
        : await planOnDuty(ctx, settings, at);
  if (planned.kind === 'skip') return planned;
  const { recipient } = planned;
  if (settings.respectQuietHours && isQuietTime(recipient.quietHours, at)) {
    return { kind: 'skip', reason: `it is ${recipient.name}'s quiet hours`, recipientId: recipient.id };
  }
  return planned;
}

/**
 * The budget that keeps the staff's phones usable without letting the public switch the alerts off:
 * past STAFF_ALERTS_PER_CLIENT_PER_HOUR for the quotes of one client address, or STAFF_ALERTS_PER_HOUR
 * in all, an alert is folded into the next digest, never dropped. One sender's quotes use up only
 * their own address's budget, so another person's lead is still alerted on its own.
 */
async function plan(
  ctx: AlertContext,
  alert: LeadAlertRow,
  lead: Lead,
  settings: LeadAlertSettings,
  at: Date,
): Promise<Plan> {
  const planned = await planRecipient(ctx, alert.step, settings, at, lead);
  if (planned.kind === 'skip') return planned;
  const since = new Date(at.getTime() - HOUR);
  const recipientId = planned.recipient.id;
  const sameClient = await countAlertsSentSince(ctx.db, since, { leadId: alert.lead_id, step: alert.step });
  if (sameClient >= STAFF_ALERTS_PER_CLIENT_PER_HOUR) {
    const reason = `${STAFF_ALERTS_PER_CLIENT_PER_HOUR} alerts for quotes from the same address went out in the last hour`;
    return { kind: 'fold', reason, recipientId };
  }
  if ((await countAlertsSentSince(ctx.db, since)) >= STAFF_ALERTS_PER_HOUR) {
    return { kind: 'fold', reason: `${STAFF_ALERTS_PER_HOUR} staff alerts went out in the last hour`, recipientId };
  }
  return planned;
}

/** What the attempt did on each channel. */
interface Delivery {
  sent: MessageChannel[];
  notes: string[];
  /** A send failed on the final attempt. */
  failed: boolean;
  /** The first send that failed on an attempt that may be retried. */
  retryable: unknown;
}

/** The alert as staff e-mail (alert-email.ts), rendered with its text twin. */
async function alertEmail(ctx: AlertContext, text: StaffAlertText, button: string): Promise<RenderedEmail> {
  return renderEmail(staffAlertEmailContent(text, button, await getCompanyDetails(ctx.db)));
}

async function deliver(
  ctx: AlertContext,
  alert: LeadAlertRow,
  recipient: AlertRecipient,
  settings: LeadAlertSettings,
  text: StaffAlertText,
  button: string,
  isFinalAttempt: boolean,
): Promise<Delivery> {
  const delivery: Delivery = { sent: [], notes: [], failed: false, retryable: undefined };
  const channels = (['sms', 'email'] as const).filter((channel) => settings[channel]);
  for (const channel of channels) {
    const address = channel === 'sms' ? recipient.phone : recipient.email;
    if (!address) {
      delivery.notes.push(`${CHANNEL_NOTE[channel]} not sent: ${recipient.name} has ${MISSING_ADDRESS[channel]}`);
      continue;
    }
    const email = channel === 'email' ? await alertEmail(ctx, text, button) : undefined;
    const message = await findOrInsertAlertMessage(ctx.db, {
      lead_id: alert.lead_id,
      alert_id: alert.id,
      channel,
      recipient: address,
      subject: email ? email.subject : null,
      body: email ? email.text : text.body,
      html: email ? email.html : null,
    });
    if (message.status === 'sent') {
      delivery.sent.push(channel);
      continue;
    }
    const transport = ctx.transports[channel];
    if (!transport) {
      await updateMessage(ctx.db, message.id, { status: 'not_sent', reason: NO_TRANSPORT_REASON });
      delivery.notes.push(`${CHANNEL_NOTE[channel]} ${NO_TRANSPORT_REASON}`);
      continue;
    }
    try {
      await transport.send({
        to: message.recipient,
        subject: message.subject,
        body: message.body,
        html: message.html,
        id: message.id,
      });
      await updateMessage(ctx.db, message.id, { status: 'sent', reason: null, sent_at: ctx.now(), countAttempt: true });
      delivery.sent.push(channel);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await updateMessage(ctx.db, message.id, {
        status: isFinalAttempt ? 'failed' : 'pending',
        reason,
        countAttempt: true,
      });
      delivery.notes.push(`${CHANNEL_NOTE[channel]} failed: ${reason}`);
      if (isFinalAttempt) delivery.failed = true;
      else delivery.retryable ??= error;
    }
  }
  return delivery;
}

/** The timeline entry and the alert's end, in one transaction (with the Escalated tag for an escalation). */
async function finish(
  ctx: AlertContext,
  alert: LeadAlertRow,
  settings: LeadAlertSettings,
  entry: {
    subject: string;
    description: string;
    status: 'sent' | 'not_sent' | 'failed' | 'folded';
    recipientId: string | null;
    foldedAt?: Date;
  },
): Promise<void> {
  const authorId = await ctx.systemUserId();
  await ctx.db.transaction(async (trx) => {
    if (alert.step === 'escalation' && settings.enabled) await tagLeadByAutomation(trx, alert.lead_id, ESCALATED_TAG);
    await recordSystemActivity(
      trx,
      {
        leadId: alert.lead_id,
        userId: authorId,
        type: 'note',
        subject: entry.subject.slice(0, 300),
        description: entry.description,
      },
      ctx.now(),
    );
    await finishAlert(trx, alert.id, entry.status, entry.subject, entry.recipientId, entry.foldedAt);
  });
}

/** One attempt at an alert. Throws when a send failed and a retry may help (the job is retried). */
export async function executeLeadAlert(ctx: AlertContext, alert: LeadAlertRow, isFinalAttempt: boolean): Promise<void> {
  const lead = await findLead(ctx.db, alert.lead_id);
  if (!lead) {
    await finishAlert(ctx.db, alert.id, 'not_sent', 'The lead no longer exists', null);
    return;
  }
  const { settings } = await getLeadAlertSettings(ctx.db);
  const at = ctx.now();
  const minutes = settings.escalateAfterMinutes;
  const label = STEP_LABEL[alert.step];
  const why = alert.step === 'escalation' ? `not answered in ${minutes} business minutes` : null;
  if (alert.step === 'escalation') {
    // Answered since the scan saw it (a call logged, the status moved on): nothing to escalate.
    const systemUserId = await ctx.systemUserId();
    const stillUnanswered = await listAlertCandidates(
      ctx.db,
      {
        createdFrom: new Date(0),
        createdTo: at,
        unansweredUnless: unansweredUnless(ctx.db, systemUserId),
        leadId: lead.id,
      },
      1,
    );
    if (stillUnanswered.length === 0) {
      await finishAlert(ctx.db, alert.id, 'not_sent', 'Answered before the escalation went out', null);
      return;
    }
  }
  const planned = await plan(ctx, alert, lead, settings, at);
  if (planned.kind === 'skip') {
    const flagged = alert.step === 'escalation' && settings.enabled ? `; tagged ${ESCALATED_TAG}` : '';
    await finish(ctx, alert, settings, {
      subject: `${label} not sent: ${planned.reason}${why ? ` (${why}${flagged})` : ''}`,
      description: why
        ? `The lead was ${why}${flagged}. Nobody was alerted: ${planned.reason}.`
        : `Nobody was alerted: ${planned.reason}.`,
      status: 'not_sent',
      recipientId: planned.recipientId,
    });
    return;
  }
  if (planned.kind === 'fold') {
    await finish(ctx, alert, settings, {
      subject: `${label} folded into a digest: ${planned.reason}${why ? ` (${why})` : ''}`,
      description: `Not sent on its own: ${planned.reason}. This lead is counted in the next digest message, within ${STAFF_ALERT_DIGEST_MINUTES} minutes.`,
      status: 'folded',
      recipientId: planned.recipientId,
      foldedAt: at,
    });
    return;
  }
  const { recipient } = planned;
  const link = `${ctx.publicOrigin}/admin/crm?section=leads&lead=${encodeURIComponent(lead.id)}`;
  const text = staffAlertText(alert.step, lead, link, minutes);
  const delivery = await deliver(ctx, alert, recipient, settings, text, 'Open the lead', isFinalAttempt);
  if (delivery.retryable !== undefined) throw delivery.retryable;
  const channels = delivery.sent.map((channel) => CHANNEL_LABEL[channel]).join(', ');
  const notes = [planned.note, ...delivery.notes].filter((note): note is string => note !== null);
  const sent = delivery.sent.length > 0;
  const subject = sent
    ? `${label} sent to ${recipient.name} (${channels})${why ? `: ${why}` : ''}`
    : `${label} to ${recipient.name} not sent${why ? ` (${why})` : ''}`;
  await finish(ctx, alert, settings, {
    subject,
    description: [...notes, ...(alert.step === 'escalation' ? [`Tagged ${ESCALATED_TAG}.`] : [])].join('\n') || subject,
    status: sent ? 'sent' : delivery.failed ? 'failed' : 'not_sent',
    recipientId: recipient.id,
  });
}

/**
 * Sends the digest of each step whose oldest folded alert has waited STAFF_ALERT_DIGEST_MINUTES: one
 * message per channel to whoever would get the alert now, saying how many leads, with the link to the
 * lead list; each folded lead's timeline then says it went out in that digest. A send that may work
 * later leaves them folded for the next scan.
 */
export async function sendDueDigests(ctx: AlertContext, at: Date): Promise<void> {
  const dueBefore = new Date(at.getTime() - STAFF_ALERT_DIGEST_MINUTES * MINUTE);
  for (const step of ['on_duty', 'escalation', 'repeat'] as const) {
    const batch = await claimDigest(ctx.db, step, dueBefore, at);
    const [carrier] = batch;
    if (!carrier) continue;
    const { settings } = await getLeadAlertSettings(ctx.db);
    const label = STEP_LABEL[step];
    const count = batch.length === 1 ? '1 lead' : `${batch.length} leads`;
    const planned = await planRecipient(ctx, step, settings, at);
    if (planned.kind === 'skip') {
      for (const alert of batch) {
        await finish(ctx, alert, settings, {
          subject: `${label} not sent (digest of ${count}): ${planned.reason}`,
          description: `Nobody was alerted: ${planned.reason}.`,
          status: 'not_sent',
          recipientId: planned.recipientId,
        });
      }
      continue;
    }
    const { recipient } = planned;
    const text = staffAlertDigestText(
      step,
      batch.length,
      `${ctx.publicOrigin}/admin/crm?section=leads`,
      settings.escalateAfterMinutes,
    );
    const delivery = await deliver(ctx, carrier, recipient, settings, text, 'Open the leads', false);
    if (delivery.retryable !== undefined) {
      await releaseDigest(
        ctx.db,
        batch.map((alert) => alert.id),
      );
      continue;
    }
    const sent = delivery.sent.length > 0;
    const channels = delivery.sent.map((channel) => CHANNEL_LABEL[channel]).join(', ');
    const subject = sent
      ? `${label} sent to ${recipient.name} in a digest of ${count} (${channels})`
      : `${label} to ${recipient.name} not sent (digest of ${count})`;
    for (const alert of batch) {
      await finish(ctx, alert, settings, {
        subject,
        description: [planned.note, ...delivery.notes].filter((note) => note !== null).join('\n') || subject,
        status: sent ? 'sent' : 'not_sent',
        recipientId: recipient.id,
      });
    }
  }
}
