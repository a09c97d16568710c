// Who a staff alert goes to, for the automation engine and the settings screen.
import { type QuietHours, readAlertSettings } from '@shine/shared/alerts';
import type { Knex } from 'knex';
import { findAlertRecipientRows } from './alert-recipients.queries.ts';

export interface AlertRecipient {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  disabled: boolean;
  /** Away now (away, and not back yet: away_until unset or still ahead). */
  away: boolean;
  quietHours: QuietHours | null;
}

/** The people of `ids` that exist (the system user never does), keyed by id. */
export async function findAlertRecipients(db: Knex, ids: string[], now: Date): Promise<Map<string, AlertRecipient>> {
  const rows = await findAlertRecipientRows(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        email: row.username,
        phone: row.phone,
        disabled: row.disabled_at !== null,
        away: row.away && (row.away_until === null || new Date(row.away_until).getTime() > now.getTime()),
        quietHours: readAlertSettings(row.alert_settings).quietHours,
      },
    ]),
  );
}
