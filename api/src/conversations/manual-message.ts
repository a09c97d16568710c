// POST /api/admin/leads/{id}/messages: a message a person on the team sends the lead by hand
// (docs/requirements.md#conversations). Stored first (pending) with its timeline entry, then handed
// to the transport, then its delivery recorded: what staff wrote is never lost, even when the
// provider refuses it. Consent (docs/requirements.md#sms-consent): a text needs only that the number
// did not answer STOP, and warns when the lead never agreed to texts; e-mail goes to an unsubscribed
// lead too (a one-to-one reply is not the automated mail they left).
import { MANUAL_MESSAGES_PER_USER_PER_HOUR, type ManualMessage } from '@shine/shared/conversations';
import { API_ERRORS } from '@shine/shared/messages';
import type { SentLeadMessage } from '@shine/shared/responses/conversations';
import { MANUAL_SMS_WITHOUT_CONSENT_WARNING, nationalDigitsOf, SMS_REFUSALS } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import type { ManualDelivery } from '../automations/index.ts';
import { renderEmail } from '../email/index.ts';
import { AppError } from '../http/app-error.ts';
import { createStaffActivity, findLead } from '../leads/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import {
  type ConversationMessageRow,
  findLimitingManualMessage,
  insertMessage,
  updateMessageDelivery,
} from './conversations.queries.ts';
import { toLeadMessage } from './lead-messages.ts';
import { manualEmailContent } from './manual-email.ts';

export interface ManualMessageDeps {
  db: Knex;
  delivery: Pick<ManualDelivery, 'email' | 'sms'>;
  /** The lead's reply address (the mailbox feature's, handed in by app.ts); undefined without REPLY_MAILBOX. */
  replyAddressOf: (leadId: string) => Promise<string | undefined>;
  businessTimeZone: string;
}

export interface Sender {
  id: string;
  name: string;
  username: string;
}

const NO_TRANSPORT = {
  email: 'not sent: no mail server is configured (SMTP_URL)',
  sms: 'not sent: no SMS account is configured (SMS_API_URL)',
} as const;

/** The recipient, or the 409 that says why this lead cannot get the message. */
function recipientOf(lead: Lead, channel: ManualMessage['channel']): string {
  if (channel === 'email') {
    if (!lead.email.trim()) throw new AppError(409, API_ERRORS.leadHasNoEmail);
    return lead.email.trim();
  }
  if (lead.smsOptedOutAt) throw new AppError(409, SMS_REFUSALS.optedOut);
  if (!nationalDigitsOf(lead.phone)) throw new AppError(409, API_ERRORS.leadHasNoPhone);
  return lead.phone;
}

const HOUR_MS = 3_600_000;

/** 429: the sender's hourly budget of messages by hand is spent; a slot is free again after `retryAfterSeconds`. */
export class ManualBudgetSpentError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, API_ERRORS.manualMessageBudget);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Refuses a message past the sender's hourly budget, before anything is stored or sent. */
async function checkManualBudget(db: Knex, senderId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const limiting = await findLimitingManualMessage(db, senderId, since, MANUAL_MESSAGES_PER_USER_PER_HOUR);
  if (!limiting) return;
  throw new ManualBudgetSpentError(Math.max(1, Math.ceil((limiting.getTime() + HOUR_MS - now.getTime()) / 1000)));
}

async function deliver(
  deps: ManualMessageDeps,
  row: ConversationMessageRow,
  message: ManualMessage,
): Promise<Pick<ConversationMessageRow, 'status' | 'reason'> & { external_id?: string | null }> {
  const to = row.recipient ?? '';
  try {
    if (message.channel === 'email') {
      if (!deps.delivery.email) return { status: 'not_sent', reason: NO_TRANSPORT.email };
      const replyTo = await deps.replyAddressOf(row.lead_id);
      const company = await getCompanyDetails(deps.db);
      const email = await renderEmail(manualEmailContent(message.subject ?? '', message.body, company));
      const id = await deps.delivery.email({
        id: row.id,
        to,
        subject: email.subject,
        body: email.text,
        html: email.html,
        ...(replyTo ? { replyTo } : {}),
      });
      return { status: 'sent', reason: null, external_id: id || null };
    }
    if (!deps.delivery.sms) return { status: 'not_sent', reason: NO_TRANSPORT.sms };
    const sid = await deps.delivery.sms({ to, body: message.body });
    return { status: 'sent', reason: null, external_id: sid || null };
  } catch (error) {
    return {
      status: 'failed',
      reason: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    };
  }
}

export async function sendManualMessage(
  deps: ManualMessageDeps,
  sender: Sender,
  leadId: string,
  message: ManualMessage,
  now: Date,
): Promise<SentLeadMessage> {
  const { db } = deps;
  const lead = await findLead(db, leadId);
  if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
  const recipient = recipientOf(lead, message.channel);
  await checkManualBudget(db, sender.id, now);
  const warning = message.channel === 'sms' && !lead.smsConsent ? MANUAL_SMS_WITHOUT_CONSENT_WARNING : null;
  const pending = await db.transaction(async (trx) => {
    const row = await insertMessage(trx, {
      lead_id: leadId,
      channel: message.channel,
      direction: 'out',
      status: 'pending',
      subject: message.channel === 'email' ? (message.subject ?? null) : null,
      body: message.body,
      sender: sender.username,
      recipient,
      external_id: null,
      at: now,
      sent_by: sender.id,
    });
    await createStaffActivity(
      trx,
      sender.id,
      {
        leadId,
        type: message.channel === 'email' ? 'email' : 'note',
        title: (message.channel === 'email'
          ? `E-mail to the customer: ${message.subject}`
          : 'Text to the customer'
        ).slice(0, 200),
        description: message.body,
        status: 'completed',
      },
      now,
      deps.businessTimeZone,
    );
    await publishLiveEvent(trx, { type: 'message.created', leadId, messageId: row.id });
    return row;
  });
  const delivery = await deliver(deps, pending, message);
  const stored = await db.transaction(async (trx) => {
    const row = await updateMessageDelivery(trx, pending.id, delivery);
    // The thread's viewers refetch: the message's delivery state changed.
    await publishLiveEvent(trx, { type: 'message.created', leadId, messageId: row.id });
    return row;
  });
  return { message: toLeadMessage({ ...stored, sent_by_name: sender.name }), warning };
}
