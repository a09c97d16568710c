// The digests of the alerts folded over the hourly budget (alert-plan.ts planAlert): one message per
// step and channel, to whoever would get the alert now.
import { DIGEST_NAMED_LEADS, STAFF_ALERT_DIGEST_MINUTES, staffAlertDigestText } from '@shine/shared/speed-to-lead';
import type { AlertContext } from './alert-context.ts';
import { CHANNEL_LABEL, deliverAlert, recordAlertOutcome, STEP_LABEL } from './alert-delivery.ts';
import { planRecipient } from './alert-plan.ts';
import type { Knex } from 'knex';
import type { LeadAlertRow } from '../db/automation-tables.ts';
import { leadNames } from '../leads/index.ts';
import { getSpeedToLeadSettings } from './speed-to-lead-settings.service.ts';
import { claimDigest, releaseDigest } from './lead-alerts.queries.ts';

const MINUTE = 60_000;

/** The names of the digest's first DIGEST_NAMED_LEADS leads, oldest folded first (the order the batch was claimed in). */
async function namesOf(db: Knex, batch: readonly LeadAlertRow[]): Promise<string[]> {
  const first = [...batch]
    .sort(
      (a, b) => new Date(a.folded_at ?? 0).getTime() - new Date(b.folded_at ?? 0).getTime() || a.id.localeCompare(b.id),
    )
    .slice(0, DIGEST_NAMED_LEADS)
    .map((alert) => alert.lead_id);
  const rows = (await leadNames(db).whereIn('id', first)) as Array<{ id: string; name: string }>;
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  return first.map((id) => byId.get(id)).filter((name): name is string => name !== undefined);
}

/**
 * Sends the digest of each step whose oldest folded alert has waited STAFF_ALERT_DIGEST_MINUTES: one
 * message per channel to whoever would get the alert now, saying how many leads and naming the first
 * five, with the link to the lead list; each folded lead's timeline then says it went out in that digest. A send that may work
 * later leaves them folded for the next scan.
 */
export async function sendDueDigests(ctx: AlertContext, at: Date): Promise<void> {
  const dueBefore = new Date(at.getTime() - STAFF_ALERT_DIGEST_MINUTES * MINUTE);
  for (const step of ['on_duty', 'escalation', 'repeat'] as const) {
    const batch = await claimDigest(ctx.db, step, dueBefore, at);
    const [carrier] = batch;
    if (!carrier) continue;
    const { settings } = await getSpeedToLeadSettings(ctx.db);
    const label = STEP_LABEL[step];
    const count = batch.length === 1 ? '1 lead' : `${batch.length} leads`;
    const planned = await planRecipient(ctx, step, settings, at);
    if (planned.kind === 'skip') {
      for (const alert of batch) {
        await recordAlertOutcome(ctx, alert, settings, {
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
      await namesOf(ctx.db, batch),
    );
    const delivery = await deliverAlert(ctx, carrier, recipient, settings, text, 'Open the leads', false);
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
      await recordAlertOutcome(ctx, alert, settings, {
        subject,
        description: [planned.note, ...delivery.notes].filter((note) => note !== null).join('\n') || subject,
        status: sent ? 'sent' : 'not_sent',
        recipientId: recipient.id,
      });
    }
  }
}
