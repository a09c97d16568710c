// An alert's messages and its end: one outbox row per channel (a retry sends only what did not go
// out), then the note on the lead's timeline and the alert's outcome in one transaction.
import { NO_TRANSPORT_REASON, type MessageChannel } from '@shine/shared/automation-rules';
import {
  ESCALATED_TAG,
  type SpeedToLeadSettings,
  type LeadAlertStep,
  type StaffAlertText,
} from '@shine/shared/speed-to-lead';
import { recordSystemActivity } from '../activities/index.ts';
import type { LeadAlertRow } from '../db/automation-tables.ts';
import { type RenderedEmail, renderEmail } from '../email/index.ts';
import { tagLeadByAutomation } from '../leads/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import type { AlertContext } from './alert-context.ts';
import { staffAlertEmailContent } from './alert-email.ts';
import type { AlertRecipient } from './alert-recipients.ts';
import { finishAlert } from './lead-alerts.queries.ts';

export const STEP_LABEL: Record<LeadAlertStep, string> = {
  on_duty: 'On-duty alert',
  escalation: 'Escalation',
  repeat: 'Repeat-request alert',
};
export const CHANNEL_LABEL: Record<MessageChannel, string> = { sms: 'SMS', email: 'e-mail' };
/** At the start of a note. */
const CHANNEL_NOTE: Record<MessageChannel, string> = { sms: 'SMS', email: 'E-mail' };
const MISSING_ADDRESS: Record<MessageChannel, string> = { sms: 'no phone number', email: 'no e-mail address' };

/** What the attempt did on each channel. */
export interface Delivery {
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

export async function deliverAlert(
  ctx: AlertContext,
  alert: LeadAlertRow,
  recipient: AlertRecipient,
  settings: SpeedToLeadSettings,
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
    const message = await ctx.messages.findOrInsert(ctx.db, {
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
    const transport = ctx.messages.transports[channel];
    if (!transport) {
      await ctx.messages.update(ctx.db, message.id, { status: 'not_sent', reason: NO_TRANSPORT_REASON });
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
      await ctx.messages.update(ctx.db, message.id, {
        status: 'sent',
        reason: null,
        sent_at: ctx.now(),
        countAttempt: true,
      });
      delivery.sent.push(channel);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await ctx.messages.update(ctx.db, message.id, {
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
export async function recordAlertOutcome(
  ctx: AlertContext,
  alert: LeadAlertRow,
  settings: SpeedToLeadSettings,
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
