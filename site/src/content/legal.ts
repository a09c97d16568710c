import type { CompanyDetails } from '@shine/shared/company';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** Shown after the list. */
  after?: readonly string[];
}

/** The company's legal contact block: the legal pages use their own phone/e-mail pair (docs/requirements.md#constants). */
export function buildLegalContact(company: CompanyDetails): string[] {
  return [
    company.name,
    `${company.streetAddress}, ${company.city}, ${company.region} ${company.postalCode}`,
    `Phone: ${company.legalPhone}`,
    `Email: ${company.legalEmail}`,
  ];
}

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
