// The company's details that every automated e-mail carries
// (docs/requirements.md#email-compliance): the sender's name and postal address, which US law
// (CAN-SPAM) asks of a commercial e-mail. Admins keep them (GET/PUT /api/admin/settings/company).
import { z } from 'zod';
import { DEFAULT_COMPANY } from './company.ts';

export const companyDetailsSchema = z.strictObject({
  name: z
    .string({ error: 'Enter the company name' })
    .trim()
    .min(1, 'Enter the company name')
    .max(120, 'At most 120 characters'),
  /** One or more lines: street, suite, city, state and ZIP (a P.O. box is allowed). */
  postalAddress: z
    .string({ error: 'Enter the postal address' })
    .trim()
    .min(1, 'Enter the postal address')
    .max(300, 'At most 300 characters'),
});
export type CompanyDetailsSettings = z.output<typeof companyDetailsSchema>;

/** Until an admin saves them: the defaults the site shows (packages/shared/src/company.ts). */
export const DEFAULT_COMPANY_DETAILS_SETTINGS: CompanyDetailsSettings = {
  name: DEFAULT_COMPANY.name,
  postalAddress: `${DEFAULT_COMPANY.streetAddress}\n${DEFAULT_COMPANY.city}, ${DEFAULT_COMPANY.region} ${DEFAULT_COMPANY.postalCode}`,
};
