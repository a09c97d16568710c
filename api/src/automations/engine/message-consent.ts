// Whether the lead allows an automated message on this channel (docs/requirements.md#sms-consent,
// #email-compliance): checked before every send of a run, also a retry or a held message's release,
// with the lead as it is then, so a STOP or an unsubscribe that arrived in between is obeyed.
import type { MessageChannel } from '@shine/shared/automation-rules';
import { automatedSmsRefusal } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';

/** E-mail: none after the lead followed an unsubscribe link (a one-to-one e-mail from staff still goes). */
function automatedEmailRefusal(lead: Lead): string | null {
  return lead.emailUnsubscribedAt
    ? `not sent: the lead unsubscribed from automated e-mail on ${lead.emailUnsubscribedAt.slice(0, 10)}`
    : null;
}

/** The reason the outbox and the run history show for a message not sent, or null when it may go. */
export function consentRefusal(channel: MessageChannel, lead: Lead): string | null {
  if (channel === 'sms') return automatedSmsRefusal(lead);
  return automatedEmailRefusal(lead);
}
