// The company's details that every automated e-mail carries
// (docs/requirements.md#email-compliance): the sender's name and postal address, which US law
// (CAN-SPAM) asks of a commercial e-mail, and the page where customers review the company (the
// {{reviewUrl}} of a template). Admins keep them (GET/PUT /api/admin/settings/company).
import { z } from 'zod';
import { DEFAULT_COMPANY } from './company.ts';

export const REVIEW_URL_MESSAGE = 'Enter the review page’s address as an https:// link, or leave it empty';

/** An https address of a public host (a name with a dot: not localhost, not a bare word). */
function isHttpsLink(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
}

/** The review page: an https address, or empty ('' or null) for none. */
export const reviewUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: REVIEW_URL_MESSAGE })
    .trim()
    .max(500, 'At most 500 characters')
    .refine(isHttpsLink, REVIEW_URL_MESSAGE)
    .nullable(),
);

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
  /**
   * Where customers leave a review (Google, Yelp…), or null. Left out of a PUT, the saved one stays:
   * a client that does not know the field cannot erase it.
   */
  reviewUrl: reviewUrlSchema.optional(),
});
export type CompanyDetailsSettings = z.output<typeof companyDetailsSchema>;

/** GET/PUT /api/admin/settings/company's answer: every field, `reviewUrl` null when there is none. */
export const companyDetailsViewSchema = z.object({
  name: z.string(),
  postalAddress: z.string(),
  reviewUrl: z.url().nullable(),
});
export type CompanyDetailsView = z.output<typeof companyDetailsViewSchema>;

/** Until an admin saves them: the defaults the site shows (packages/shared/src/company.ts), no review page. */
export const DEFAULT_COMPANY_DETAILS_SETTINGS: CompanyDetailsView = {
  name: DEFAULT_COMPANY.name,
  postalAddress: `${DEFAULT_COMPANY.streetAddress}\n${DEFAULT_COMPANY.city}, ${DEFAULT_COMPANY.region} ${DEFAULT_COMPANY.postalCode}`,
  reviewUrl: null,
};
