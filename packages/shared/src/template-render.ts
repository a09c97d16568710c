// Template placeholders: `{{name}}`, optionally with inner spaces (`{{ firstName }}`).

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The placeholders a template may use: lead fields plus company details, the company's review page
 * and the arrival window of the lead's visit (a reminder's own visit, else the next one booked).
 */
export const TEMPLATE_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'zipcode',
  'bedrooms',
  'bathrooms',
  'cleaningType',
  'frequency',
  'notes',
  'status',
  'priority',
  'source',
  'estimatedValue',
  'companyName',
  'companyPhone',
  'companyEmail',
  'promoCode',
  'bookingUrl',
  'reviewUrl',
  'visitTime',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

/** Distinct placeholder names in the order they first appear. */
export function extractPlaceholders(...texts: Array<string | null | undefined>): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(PLACEHOLDER_PATTERN)) names.add(match[1] as string);
  }
  return [...names];
}

export function findUnknownPlaceholders(...texts: Array<string | null | undefined>): string[] {
  return extractPlaceholders(...texts).filter((name) => !KNOWN.has(name));
}

/**
 * Replaces every `{{name}}` with its value. A missing, null or undefined value renders as the empty
 * string, never as "undefined".
 */
export function renderTemplate(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * The placeholders whose values the company wrote (its details, the promo, the booking and review
 * links, the visit's time from its own calendar). The
 * others are a lead's, typed by whoever filled in the quote form: an e-mail shows them as text, never
 * as a link or markup.
 */
export const COMPANY_PLACEHOLDERS: ReadonlySet<TemplatePlaceholder> = new Set([
  'companyName',
  'companyPhone',
  'companyEmail',
  'promoCode',
  'bookingUrl',
  'reviewUrl',
  'visitTime',
]);

/** A piece of a rendered template: the template's own words, or one placeholder's value. */
export interface TemplatePart {
  text: string;
  /** A value a visitor could have typed (a lead's field): never made a link. */
  isLeadValue: boolean;
}

/** renderTemplate, in pieces that say where each came from; joined, they are renderTemplate's text. */
export function renderTemplateParts(text: string, values: Readonly<Record<string, unknown>>): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), isLeadValue: false });
    const name = match[1] as string;
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    const rendered = value === null || value === undefined ? '' : String(value);
    if (rendered) parts.push({ text: rendered, isLeadValue: !COMPANY_PLACEHOLDERS.has(name as TemplatePlaceholder) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isLeadValue: false });
  return parts;
}
