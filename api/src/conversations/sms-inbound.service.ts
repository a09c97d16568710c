// An inbound text (POST /api/webhooks/sms, docs/requirements.md#inbound-sms): the keywords carriers
// require (STOP and its synonyms, START, HELP; whole message, any case), then the message itself on
// the most recent open lead of the number (a new lead when the number is unknown).
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { type SmsKeyword, smsKeywordOf } from '@shine/shared/sms-consent';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { findOrCreateLeadsOfTexter, optInPhoneToSms, optOutPhoneFromSms } from '../leads/index.ts';
import { findLeadOfReceivedSms } from './conversations.queries.ts';
import { recordInboundMessage } from './conversations.service.ts';

export interface InboundSms {
  from: string;
  body: string;
  /** The provider's id of the message (MessageSid). */
  sid: string;
}

/**
 * The company contact line a HELP gets back: the name an admin saved in the company details (the
 * site's until then), and the site's phone and e-mail (the settings keep no other contact line).
 */
export function smsHelpReply(companyName: string): string {
  return (
    `${companyName}: quotes and bookings. Call ${DEFAULT_COMPANY.phone} or e-mail ${DEFAULT_COMPANY.email}. ` +
    'Msg & data rates may apply. Reply STOP to opt out.'
  );
}

export interface InboundSmsOutcome {
  keyword: SmsKeyword | null;
  leadId: string | null;
  duplicate: boolean;
  /** The text to answer with (TwiML <Message>), or null for none. */
  reply: string | null;
}

export async function receiveInboundSms(
  db: Knex,
  sms: InboundSms,
  now: Date,
  /** BUSINESS_TIMEZONE: who is on duty to hear of it. */
  timeZone: string,
): Promise<InboundSmsOutcome> {
  const keyword = smsKeywordOf(sms.body);
  const reply = keyword === 'help' ? smsHelpReply((await getCompanyDetails(db)).name) : null;
  // A message already received (the provider's retry, or a signed call replayed by whoever captured
  // it) changes nothing: a START replayed after a STOP must not opt the number back in.
  const known = await findLeadOfReceivedSms(db, sms.sid);
  if (known) return { keyword, leadId: known, duplicate: true, reply };
  // The opt-out is the number's, whether or not a lead has it, and before anything else can fail.
  if (keyword === 'stop') await optOutPhoneFromSms(db, sms.from, now);
  if (keyword === 'start') await optInPhoneToSms(db, sms.from);
  const { leads, created } = await findOrCreateLeadsOfTexter(db, sms.from, now, timeZone);
  // A STOP from a number no lead had: the lead its text just made carries the opt-out too.
  if (created && keyword === 'stop') await optOutPhoneFromSms(db, sms.from, now);
  const [lead, ...others] = leads;
  if (!lead) return { keyword, leadId: null, duplicate: false, reply };
  const stored = await recordInboundMessage(
    db,
    {
      leadId: lead.id,
      channel: 'sms',
      body: sms.body,
      subject: null,
      from: sms.from,
      externalId: sms.sid,
      receivedAt: now,
    },
    timeZone,
  );
  if (!stored.duplicate && others.length > 0) {
    await recordSystemActivity(
      db,
      {
        leadId: lead.id,
        userId: await findOrCreateSystemUserId(db),
        type: 'note',
        subject: 'The texting number also belongs to other leads',
        description: `This text was filed here, on the number's most recent open lead. The same number is on: ${others
          .map((other) => `${other.firstName} ${other.lastName} (${other.status}, ${other.id})`)
          .join('; ')}.`,
      },
      now,
    );
  }
  return { keyword, leadId: lead.id, duplicate: stored.duplicate, reply };
}
