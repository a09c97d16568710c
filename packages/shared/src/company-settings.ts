// The company's details that every automated e-mail carries
// (docs/requirements.md#email-compliance): the sender's name and postal address, which US law
// (CAN-SPAM) asks of a commercial e-mail, and the page where customers review the company (the
// {{reviewUrl}} of a template). Admins keep them (GET/PUT /api/admin/settings/company).
import { z } from 'zod';
import { DEFAULT_COMPANY } from './company.ts';

export const REVIEW_URL_MESSAGE = 'Enter the review page’s address as an https:// link, or leave it empty';

/** Names that never reach a public host (RFC 6761, 6762, 8375; ICANN's `internal`). */
const RESERVED_SUFFIXES = ['localhost', 'local', 'test', 'example', 'invalid', 'internal', 'home.arpa', 'onion'];

/** Characters a link has no business holding as typed: controls, spaces, quotes, angle brackets, backslash. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\s"'`<>\\]/u;

/**
 * An https address of a public host: a name of two labels or more (not an IP address, not a
 * single-label intranet name, not a reserved name such as localhost or *.test), no credentials, and
 * nothing a URL parser would silently drop or an e-mail template would have to escape (docs/security.md,
 * third review, finding 5).
 */
function isPublicHttpsLink(value: string): boolean {
  if (UNSAFE_CHARACTERS.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/\.$/, '');
  // An IPv6 literal keeps its brackets; every IPv4 spelling (2130706433, 0x7f.1) is dotted decimal by now.
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  const labels = host.split('.');
  const top = labels.at(-1) ?? '';
  if (labels.length < 2 || labels.some((label) => label === '') || /^\d+$/.test(top)) return false;
  return !RESERVED_SUFFIXES.some((name) => host === name || host.endsWith(`.${name}`));
}

/** The review page: an https address of a public host, stored as the URL parser writes it; or empty ('' or null) for none. */
export const reviewUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: REVIEW_URL_MESSAGE })
    .trim()
    .max(500, 'At most 500 characters')
    .refine(isPublicHttpsLink, REVIEW_URL_MESSAGE)
    .transform((value) => new URL(value).href)
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
