// Who a speed-to-lead alert may go to: a team member's addresses, whether they are there now, and
// their quiet hours (for the alerts and the warnings of the settings screen).
import { type QuietHours, readNewLeadAlertSettings } from '@shine/shared/new-lead-alerts';
import type { Knex } from 'knex';
import { canTakeLeads, findStaffContactRows } from '../auth/index.ts';

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
  const rows = await findStaffContactRows(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        email: row.username,
        phone: row.phone,
        disabled: row.disabled_at !== null,
        away: !canTakeLeads({ ...row, disabled_at: null }, now),
        quietHours: readNewLeadAlertSettings(row.alert_settings).quietHours,
      },
    ]),
  );
}
