// company_settings: the company's own settings, one jsonb value per key; each key is read and written
// by the one feature whose setting it is (`lead-alerts` by speed-to-lead, `company` by settings).
import type { Knex } from 'knex';
import { toJsonb } from './jsonb.ts';

export interface CompanySettingRow {
  key: string;
  value: unknown;
  updated_at: Date;
  updated_by: string | null;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    company_settings: CompanySettingRow;
  }
}

export function findSettingRow(db: Knex, key: string): Promise<CompanySettingRow | undefined> {
  return db('company_settings').where({ key }).first();
}

/** Locks the key's row (made on first use) until the transaction ends: saves of one key take turns. */
export async function lockSettingRow(trx: Knex.Transaction, key: string): Promise<CompanySettingRow | undefined> {
  return trx('company_settings').where({ key }).forUpdate().first();
}

export async function writeSettingRow(trx: Knex, key: string, value: unknown, actorId: string, now: Date) {
  await trx('company_settings')
    .insert({ key, value: toJsonb(trx, value) as unknown, updated_at: now, updated_by: actorId })
    .onConflict('key')
    .merge(['value', 'updated_at', 'updated_by']);
}
