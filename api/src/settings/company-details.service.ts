// The company's name and postal address for the footer of automated e-mail
// (docs/requirements.md#email-compliance). Admins change them through settings.routes.ts; the
// automation engine reads them for every e-mail.
import {
  type CompanyDetailsSettings,
  companyDetailsSchema,
  DEFAULT_COMPANY_DETAILS_SETTINGS,
} from '@shine/shared/company-settings';
import type { Knex } from 'knex';
import { auditSettingChange } from '../audit/setting-audit.service.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const COMPANY_KEY = 'company';

function readCompanyDetails(stored: unknown): CompanyDetailsSettings {
  const parsed = companyDetailsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_COMPANY_DETAILS_SETTINGS;
}

export async function getCompanyDetails(db: Knex): Promise<CompanyDetailsSettings> {
  return readCompanyDetails((await findSettingRow(db, COMPANY_KEY))?.value);
}

/** PUT /api/admin/settings/company by an admin: the whole details, with their audit row. */
export async function saveCompanyDetails(
  db: Knex,
  actorId: string,
  details: CompanyDetailsSettings,
  now: Date,
): Promise<CompanyDetailsSettings> {
  return db.transaction(async (trx) => {
    const before = readCompanyDetails((await lockSettingRow(trx, COMPANY_KEY))?.value);
    await writeSettingRow(trx, COMPANY_KEY, details, actorId, now);
    await auditSettingChange(trx, { actorId, key: COMPANY_KEY, before, after: details });
    return details;
  });
}
