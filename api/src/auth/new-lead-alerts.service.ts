// GET/PATCH /api/admin/me/alerts: the signed-in person's own new-lead alert settings. Stored with the
// person, so they follow them from the browser to the desktop app.
import {
  type NewLeadAlertSettings,
  type NewLeadAlertSettingsUpdate,
  readNewLeadAlertSettings,
} from '@shine/shared/new-lead-alerts';
import type { Knex } from 'knex';
import { findAlertSettingsValue, mergeAlertSettings } from './new-lead-alerts.queries.ts';

export async function getAlertSettings(db: Knex, userId: string): Promise<NewLeadAlertSettings> {
  return readNewLeadAlertSettings(await findAlertSettingsValue(db, userId));
}

export async function updateAlertSettings(
  db: Knex,
  userId: string,
  change: NewLeadAlertSettingsUpdate,
): Promise<NewLeadAlertSettings> {
  await mergeAlertSettings(db, userId, change);
  return getAlertSettings(db, userId);
}
