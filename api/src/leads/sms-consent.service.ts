// A phone number's standing for texts (docs/requirements.md#sms-consent): the leads a number belongs
// to, and its STOP / START, which apply to every lead of the number (carriers opt out the number).
import { nationalDigitsOf } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { publishLiveEvent } from '../live/index.ts';
import {
  clearEmailUnsubscribed,
  insertLeadFromText,
  listLeadRowsOfNumber,
  setEmailUnsubscribed,
  setSmsConsentOfLeads,
  setSmsOptOutOfNumber,
} from './lead-consent.queries.ts';
import { lockIntakeKeys } from './lead-intake.queries.ts';
import { toLead } from './lead-mapper.ts';
import { notifyAboutLead } from './lead-notifications.ts';

/** The leads of a phone number, the most recent open lead first; none when it has too few digits. */
export async function findLeadsOfPhone(db: Knex, phone: string): Promise<Lead[]> {
  const digits = nationalDigitsOf(phone);
  if (!digits) return [];
  return (await listLeadRowsOfNumber(db, digits)).map((row) => toLead({ ...row, assignee_name: null }));
}

async function setNumberStanding(
  db: Knex,
  phone: string,
  at: Date | null,
  action: 'sms_opted_out' | 'sms_opted_in',
): Promise<string[]> {
  const digits = nationalDigitsOf(phone);
  if (!digits) return [];
  return db.transaction(async (trx) => {
    const changed = await setSmsOptOutOfNumber(trx, digits, at);
    await recordLeadChanges(
      trx,
      changed.map(({ id, previous }) =>
        leadChange(
          null,
          id,
          action,
          { smsOptedOutAt: previous?.toISOString() ?? null },
          { smsOptedOutAt: at?.toISOString() ?? null },
        ),
      ),
    );
    return changed.map(({ id }) => id);
  });
}

/** STOP: no text of any kind to this number until START; answers the leads it changed. */
export function optOutPhoneFromSms(db: Knex, phone: string, at: Date): Promise<string[]> {
  return setNumberStanding(db, phone, at, 'sms_opted_out');
}

/** START / UNSTOP: texts allowed again (automated ones still need consent); answers the leads it changed. */
export function optInPhoneToSms(db: Knex, phone: string): Promise<string[]> {
  return setNumberStanding(db, phone, null, 'sms_opted_in');
}

/**
 * The leads of the number that sent a text, or a new lead made from it (source "SMS", docs/decisions.md,
 * "Texts from unknown numbers") when it has none. Serialised per number with the quote intake, so two
 * texts arriving at once make one lead. No lead_created event: a text is not a quote request, and the
 * rules for new quote requests would answer it with quote messages.
 */
export async function findOrCreateLeadsOfTexter(
  db: Knex,
  phone: string,
  at: Date,
  /** BUSINESS_TIMEZONE: who is on duty to hear of a new lead. */
  timeZone: string,
): Promise<{ leads: Lead[]; created: boolean }> {
  const digits = nationalDigitsOf(phone);
  if (!digits) return { leads: [], created: false };
  return db.transaction(async (trx) => {
    await lockIntakeKeys(trx, [`intake:phone:1${digits}`, `intake:phone:${digits}`]);
    const existing = await listLeadRowsOfNumber(trx, digits);
    if (existing.length > 0) {
      return { leads: existing.map((row) => toLead({ ...row, assignee_name: null })), created: false };
    }
    const row = await insertLeadFromText(trx, phone, at);
    await publishLiveEvent(trx, { type: 'lead.created', leadId: row.id });
    await notifyAboutLead(trx, row.id, { kind: 'new_lead' }, { now: at, timeZone });
    return { leads: [toLead({ ...row, assignee_name: null })], created: true };
  });
}

/** The wording a customer agrees to when they turn texts on in their account. */
export const ACCOUNT_SMS_CONSENT_TEXT =
  'Texts on, in my account: reminders and updates about my cleanings. Msg & data rates may apply. Reply STOP to opt out.';

/**
 * Texts on in the customer's account: their consent recorded on their leads (with the wording) and any
 * STOP of their numbers cleared, as START does; audited.
 */
export async function recordSmsConsentOfCustomer(
  db: Knex,
  leads: ReadonlyArray<Pick<Lead, 'id' | 'phone'>>,
  at: Date,
): Promise<void> {
  for (const phone of new Set(leads.map((lead) => lead.phone))) await optInPhoneToSms(db, phone);
  await db.transaction(async (trx) => {
    const changed = await setSmsConsentOfLeads(
      trx,
      leads.map((lead) => lead.id),
      at,
      ACCOUNT_SMS_CONSENT_TEXT,
    );
    await recordLeadChanges(
      trx,
      changed.map((id) =>
        leadChange(null, id, 'sms_opted_in', { smsConsent: null }, { smsConsent: at.toISOString(), by: 'account' }),
      ),
    );
  });
}

/** Texts off in the customer's account: every number of theirs opted out, as a STOP does. */
export async function optOutCustomerFromSms(
  db: Knex,
  leads: ReadonlyArray<Pick<Lead, 'phone'>>,
  at: Date,
): Promise<void> {
  for (const phone of new Set(leads.map((lead) => lead.phone))) await optOutPhoneFromSms(db, phone, at);
}

/** E-mail reminders on or off in the customer's account: every lead of theirs unsubscribed, or back on; audited. */
export async function setEmailOfCustomer(db: Knex, leadIds: readonly string[], on: boolean, at: Date): Promise<void> {
  await db.transaction(async (trx) => {
    if (on) {
      const changed = await clearEmailUnsubscribed(trx, leadIds);
      await recordLeadChanges(
        trx,
        changed.map(({ id, previous }) =>
          leadChange(
            null,
            id,
            'email_resubscribed',
            { emailUnsubscribedAt: previous.toISOString() },
            { emailUnsubscribedAt: null },
          ),
        ),
      );
      return;
    }
    const changes = [];
    for (const id of leadIds) {
      const result = await setEmailUnsubscribed(trx, id, at);
      if (result?.changed)
        changes.push(
          leadChange(
            null,
            id,
            'email_unsubscribed',
            { emailUnsubscribedAt: null },
            { emailUnsubscribedAt: at.toISOString() },
          ),
        );
    }
    await recordLeadChanges(trx, changes);
  });
}
