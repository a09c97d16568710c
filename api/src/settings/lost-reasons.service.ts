// The reasons staff pick from when a lead is lost (docs/decisions.md, "Lost reasons"): a company
// setting admins edit; the defaults until one saves them. The leads feature checks a status change's
// reason against it.
import { DEFAULT_LOST_REASONS, type LostReasons, lostReasonsSchema } from '@shine/shared/lost-reasons';
import type { Knex } from 'knex';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const LOST_REASONS_KEY = 'lost-reasons';

function readLostReasons(stored: unknown): LostReasons {
  const parsed = lostReasonsSchema.safeParse(stored);
  return parsed.success ? parsed.data : { reasons: [...DEFAULT_LOST_REASONS] };
}

export async function getLostReasons(db: Knex): Promise<LostReasons> {
  return readLostReasons((await findSettingRow(db, LOST_REASONS_KEY))?.value);
}

/** PUT /api/admin/lost-reasons by an admin: the whole list, with its audit row. Leads keep the reasons they have. */
export async function saveLostReasons(db: Knex, actorId: string, value: LostReasons, now: Date): Promise<LostReasons> {
  return db.transaction(async (trx) => {
    const before = readLostReasons((await lockSettingRow(trx, LOST_REASONS_KEY))?.value);
    await writeSettingRow(trx, LOST_REASONS_KEY, value, actorId, now);
    await auditSettingChange(trx, { actorId, key: LOST_REASONS_KEY, before, after: value });
    return value;
  });
}
