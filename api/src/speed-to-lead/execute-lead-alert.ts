// Speed to lead (docs/decisions.md, "Speed to lead: on duty and escalation"): each new lead alerts the
// person on duty by SMS and/or e-mail; a lead nobody has answered (still New, nothing logged by a
// person) after N business minutes alerts the escalation contact and is tagged Escalated. Each alert
// is a lead_alerts row, unique per lead and step, worked by one job at a time like a rule's run; its
// messages are outbox rows, one per channel, so a retry sends only what did not go out. Whatever
// happens — sent, not sent and why — is written on the lead's timeline. A repeat request of the same
// person alerts the lead's assignee the same way (once per request), or the person on duty when nobody
// holds the lead: a customer asking twice is the hottest lead there is.
import { ESCALATED_TAG, STAFF_ALERT_DIGEST_MINUTES, staffAlertText } from '@shine/shared/speed-to-lead';
import type { LeadAlertRow } from '../db/automation-tables.ts';
import { findLead } from '../leads/index.ts';
import type { AlertContext } from './alert-context.ts';
import { CHANNEL_LABEL, deliverAlert, recordAlertOutcome, STEP_LABEL } from './alert-delivery.ts';
import { planAlert } from './alert-plan.ts';
import { getSpeedToLeadSettings } from './speed-to-lead-settings.service.ts';
import { finishAlert } from './lead-alerts.queries.ts';
import { isStillUnanswered } from './owed-alerts.ts';

/** One attempt at an alert. Throws when a send failed and a retry may help (the job is retried). */
export async function executeLeadAlert(ctx: AlertContext, alert: LeadAlertRow, isFinalAttempt: boolean): Promise<void> {
  const lead = await findLead(ctx.db, alert.lead_id);
  if (!lead) {
    await finishAlert(ctx.db, alert.id, 'not_sent', 'The lead no longer exists', null);
    return;
  }
  const { settings } = await getSpeedToLeadSettings(ctx.db);
  const at = ctx.now();
  const minutes = settings.escalateAfterMinutes;
  const label = STEP_LABEL[alert.step];
  const why = alert.step === 'escalation' ? `not answered in ${minutes} business minutes` : null;
  if (alert.step === 'escalation') {
    // Answered since the scan saw it (a call logged, the status moved on): nothing to escalate.
    if (!(await isStillUnanswered(ctx.db, lead.id, at, await ctx.systemUserId()))) {
      await finishAlert(ctx.db, alert.id, 'not_sent', 'Answered before the escalation went out', null);
      return;
    }
  }
  const planned = await planAlert(ctx, alert, lead, settings, at);
  if (planned.kind === 'skip') {
    const flagged = alert.step === 'escalation' && settings.enabled ? `; tagged ${ESCALATED_TAG}` : '';
    await recordAlertOutcome(ctx, alert, settings, {
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
    await recordAlertOutcome(ctx, alert, settings, {
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
  const delivery = await deliverAlert(ctx, alert, recipient, settings, text, 'Open the lead', isFinalAttempt);
  if (delivery.retryable !== undefined) throw delivery.retryable;
  const channels = delivery.sent.map((channel) => CHANNEL_LABEL[channel]).join(', ');
  const notes = [planned.note, ...delivery.notes].filter((note): note is string => note !== null);
  const sent = delivery.sent.length > 0;
  const subject = sent
    ? `${label} sent to ${recipient.name} (${channels})${why ? `: ${why}` : ''}`
    : `${label} to ${recipient.name} not sent${why ? ` (${why})` : ''}`;
  await recordAlertOutcome(ctx, alert, settings, {
    subject,
    description: [...notes, ...(alert.step === 'escalation' ? [`Tagged ${ESCALATED_TAG}.`] : [])].join('\n') || subject,
    status: sent ? 'sent' : delivery.failed ? 'failed' : 'not_sent',
    recipientId: recipient.id,
  });
}
