// Template placeholders: `{{name}}`, optionally with inner spaces (`{{ firstName }}`).

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholders a template may use: lead fields plus company details. */
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
