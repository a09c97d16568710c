// A person's new-lead alert settings, kept with them in users.alert_settings (jsonb).
import type { NewLeadAlertSettings } from '@shine/shared/new-lead-alerts';
import type { Knex } from 'knex';
import { jsonbText } from '../db/jsonb.ts';

export async function findAlertSettingsValue(db: Knex, userId: string): Promise<unknown> {
  const row = await db('users').where({ id: userId }).first('alert_settings');
  return row?.alert_settings;
}

/** Merges the change into what is stored, in one statement: two windows saving at once both keep theirs. */
export async function mergeAlertSettings(
  db: Knex,
  userId: string,
  change: Partial<NewLeadAlertSettings>,
): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ alert_settings: db.raw('alert_settings || ?::jsonb', [jsonbText(change)]) });
}
