// The company's scheduling settings: crews, working days, arrival windows and the self-service lead
// time (docs/decisions.md, "Scheduling"). Admins change them through GET/PUT
// /api/admin/settings/scheduling; every slot computation and booking reads them, so a change applies
// to the next request without a restart.
import {
  DEFAULT_SCHEDULING_SETTINGS,
  type SchedulingSettings,
  schedulingSettingsSchema,
} from '@shine/shared/scheduling';
import type { Knex } from 'knex';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const SCHEDULING_KEY = 'scheduling';

function readScheduling(stored: unknown): SchedulingSettings {
  const parsed = schedulingSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_SCHEDULING_SETTINGS;
}

export async function getSchedulingSettings(db: Knex): Promise<SchedulingSettings> {
  return readScheduling((await findSettingRow(db, SCHEDULING_KEY))?.value);
}

/** PUT /api/admin/settings/scheduling by an admin: the whole settings, with their audit row. */
export async function saveSchedulingSettings(
  db: Knex,
  actorId: string,
  settings: SchedulingSettings,
  now: Date,
): Promise<SchedulingSettings> {
  return db.transaction(async (trx) => {
    const before = readScheduling((await lockSettingRow(trx, SCHEDULING_KEY))?.value);
    await writeSettingRow(trx, SCHEDULING_KEY, settings, actorId, now);
    await auditSettingChange(trx, { actorId, key: SCHEDULING_KEY, before, after: settings });
    return settings;
  });
}
