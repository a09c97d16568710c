// What a missed call sets off, in the transaction that records it (docs/requirements.md#missed-calls):
// the caller's lead found by phone, the person to call back (the lead's assignee, else the person on
// duty) notified, the lead's timeline told, and the text back decided (once per number in 12 hours,
// never after STOP) and stored pending; the route sends it once the provider has its answer.
import { CALL_TEXT_INTERVAL_HOURS, type CallSettings, renderCallText } from '@shine/shared/calls';
import { nationalDigitsOf, SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId, SYSTEM_USERNAME } from '../auth/index.ts';
import { recordLeadText } from '../conversations/index.ts';
import { findLeadsOfPhone, findLeadWatcher, findPersonOnDuty, notifyAboutLead } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { notifyPeople } from '../notifications/index.ts';
import {
  type CallRow,
  type CallTextStatus,
  lockCallerNumber,
  updateCall,
  wasNumberTextedSince,
} from './calls.queries.ts';

export interface MissedCallContext {
  now: Date;
  timeZone: string;
  settings: CallSettings;
  /** The quote form's address, the text's {quote link}. */
  quoteLink: string;
  /** Whether an SMS account is configured. */
  canText: boolean;
}

const HOUR_MS = 3_600_000;
export const TEXTED_RECENTLY = `skipped: the number was texted back in the last ${CALL_TEXT_INTERVAL_HOURS} hours`;
export const NO_SMS_ACCOUNT = 'not sent: no SMS account is configured (SMS_API_URL)';
const NOT_A_MOBILE = 'skipped: the caller’s number is not one a text can reach';

interface TextDecision {
  status: CallTextStatus;
  reason: string | null;
}

async function decideText(
  trx: Knex.Transaction,
  digits: string | null,
  leads: readonly Lead[],
  context: MissedCallContext,
): Promise<TextDecision> {
  if (!digits) return { status: 'skipped', reason: NOT_A_MOBILE };
  if (leads.some((lead) => lead.smsOptedOutAt)) return { status: 'skipped', reason: SMS_REFUSALS.optedOut };
  await lockCallerNumber(trx, digits);
  const since = new Date(context.now.getTime() - CALL_TEXT_INTERVAL_HOURS * HOUR_MS);
  if (await wasNumberTextedSince(trx, digits, since)) return { status: 'skipped', reason: TEXTED_RECENTLY };
  if (!context.canText) return { status: 'not_sent', reason: NO_SMS_ACCOUNT };
  return { status: 'pending', reason: null };
}

const TEXT_NOTE: Record<CallTextStatus, string> = {
  pending: 'Texted back with the quote link.',
  sent: 'Texted back with the quote link.',
  skipped: 'Not texted back',
  not_sent: 'Not texted back',
  failed: 'The text back failed',
};

/** Records `call` as missed (voicemail: a message is being left) and decides its text back. */
export async function recordMissedCall(
  trx: Knex.Transaction,
  call: CallRow,
  context: MissedCallContext,
): Promise<CallRow> {
  const { now, timeZone } = context;
  const digits = nationalDigitsOf(call.from_phone);
  const leads = await findLeadsOfPhone(trx, call.from_phone);
  const lead = leads[0];
  const owner = lead ? await findLeadWatcher(trx, lead.id, now, timeZone) : await findPersonOnDuty(trx, now, timeZone);
  const decision = await decideText(trx, digits, leads, context);
  const body = renderCallText(context.settings.textTemplate, context.quoteLink);
  const texted = decision.status === 'pending' || decision.status === 'not_sent';
  const systemId = await findOrCreateSystemUserId(trx);
  const conversationMessageId =
    lead && texted
      ? await recordLeadText(trx, {
          leadId: lead.id,
          to: call.from_phone,
          body,
          sentBy: { id: systemId, username: SYSTEM_USERNAME },
          at: now,
          status: decision.status === 'pending' ? 'pending' : 'not_sent',
          reason: decision.reason,
        })
      : null;
  const row = await updateCall(trx, call.id, {
    status: 'missed',
    outcome_at: now,
    lead_id: lead?.id ?? null,
    owner_id: owner ?? null,
    text_status: decision.status,
    text_reason: decision.reason,
    text_body: texted ? body : null,
    text_at: decision.status === 'pending' ? now : null,
    conversation_message_id: conversationMessageId,
  });
  if (lead) {
    const why = decision.reason ? `${TEXT_NOTE[decision.status]} (${decision.reason}).` : TEXT_NOTE[decision.status];
    await recordSystemActivity(
      trx,
      {
        leadId: lead.id,
        userId: systemId,
        type: 'note',
        subject: 'Missed call',
        description: `${call.from_phone} called and nobody answered. ${why}`,
      },
      now,
    );
    await notifyAboutLead(trx, lead.id, { kind: 'missed_call', phone: call.from_phone }, { now, timeZone });
  } else {
    await notifyPeople(trx, [owner], {
      kind: 'missed_call',
      leadId: null,
      text: `Missed call from ${call.from_phone}: call back`,
    });
  }
  await publishLiveEvent(trx, { type: 'call.changed', callId: row.id });
  return row;
}
