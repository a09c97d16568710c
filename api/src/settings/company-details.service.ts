// The company's name and postal address for the footer of automated e-mail
// (docs/requirements.md#email-compliance), and its review page. Admins change them through
// settings.routes.ts; the automation engine reads them for every e-mail.
import {
  type CompanyDetailsSettings,
  type CompanyDetailsView,
  companyDetailsSchema,
  DEFAULT_COMPANY_DETAILS_SETTINGS,
} from '@shine/shared/company-settings';
import type { Knex } from 'knex';
import { auditSettingChange } from '../audit/index.ts';
import { findSettingRow, lockSettingRow, writeSettingRow } from '../db/company-settings.ts';

const COMPANY_KEY = 'company';

function readCompanyDetails(stored: unknown): CompanyDetailsView {
  const parsed = companyDetailsSchema.safeParse(stored);
  return parsed.success
    ? { ...parsed.data, reviewUrl: parsed.data.reviewUrl ?? null }
    : DEFAULT_COMPANY_DETAILS_SETTINGS;
}

export async function getCompanyDetails(db: Knex): Promise<CompanyDetailsView> {
  return readCompanyDetails((await findSettingRow(db, COMPANY_KEY))?.value);
}

/**
 * PUT /api/admin/settings/company by an admin: the whole details, with their audit row. A PUT without
 * `reviewUrl` keeps the saved review page (null or "" removes it).
 */
export async function saveCompanyDetails(
  db: Knex,
  actorId: string,
  details: CompanyDetailsSettings,
  now: Date,
): Promise<CompanyDetailsView> {
  return db.transaction(async (trx) => {
    const before = readCompanyDetails((await lockSettingRow(trx, COMPANY_KEY))?.value);
    const after: CompanyDetailsView = {
      ...details,
      reviewUrl: details.reviewUrl === undefined ? before.reviewUrl : details.reviewUrl,
    };
    await writeSettingRow(trx, COMPANY_KEY, after, actorId, now);
    await auditSettingChange(trx, { actorId, key: COMPANY_KEY, before, after });
    return after;
  });
}
