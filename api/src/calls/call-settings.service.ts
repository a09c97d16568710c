// The call settings (the company_settings key `calls`): how long the phones ring before a call is
// missed, and the text a missed caller gets. Every call reads them, so a change applies to the next one.
import { type CallSettings, readCallSettings } from '@shine/shared/calls';
import type { Knex } from 'knex';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const CALLS_KEY = 'calls';

export async function getCallSettings(db: Knex): Promise<CallSettings> {
  return readCallSettings((await findSettingRow(db, CALLS_KEY))?.value);
}

/** PUT /api/admin/settings/calls by an admin, with its audit row. */
export function saveCallSettings(db: Knex, actorId: string, settings: CallSettings, now: Date): Promise<CallSettings> {
  return db.transaction(async (trx) => {
    const before = readCallSettings((await lockSettingRow(trx, CALLS_KEY))?.value);
    await writeSettingRow(trx, CALLS_KEY, settings, actorId, now);
    await auditSettingChange(trx, { actorId, key: CALLS_KEY, before, after: settings });
    return settings;
  });
}
