// A phone number's standing for texts (docs/requirements.md#sms-consent): the leads a number belongs
// to, and its STOP / START, which apply to every lead of the number (carriers opt out the number).
import { nationalDigitsOf } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { listLeadRowsOfNumber, setSmsOptOutOfNumber } from './lead-consent.queries.ts';
import { toLead } from './lead-mapper.ts';

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
