/** A search term with at least this many digits also matches phones by their digits alone. */
export const MIN_PHONE_SEARCH_DIGITS = 4;

/**
 * The digits a search term matches phone numbers on, whatever the punctuation on either side
 * ("214.555.0106" finds "(214) 555-0106"), or null when the term has too few digits to be a phone.
 */
export function phoneSearchDigits(query: string): string | null {
  const digits = query.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : null;
}

/**
 * The lead search rule (api/README.md, "Lead search"): the query matches the full name or
 * e-mail case-insensitively, or the phone as a substring; a query of 4 or more digits also matches
 * the phone's digits. The API implements the same rule in SQL (leads/lead-filter.ts); this pure
 * version is the reference it is tested against (api/test/lead-search.test.ts).
 */
export function matchesLeadSearch(
  lead: { firstName: string; lastName: string; email: string; phone: string },
  query: string,
): boolean {
  const needle = query.trim();
  if (needle === '') return true;
  const lower = needle.toLowerCase();
  const fullName = `${lead.firstName} ${lead.lastName}`.toLowerCase();
  if (fullName.includes(lower) || lead.email.toLowerCase().includes(lower) || lead.phone.includes(needle)) return true;
  const digits = phoneSearchDigits(needle);
  return digits !== null && lead.phone.replace(/\D/g, '').includes(digits);
}
