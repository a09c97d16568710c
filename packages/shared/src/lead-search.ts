/** A search term with at least this many digits also matches phones by their digits alone. */
export const MIN_PHONE_SEARCH_DIGITS = 4;

/** What a phone number is typed with: digits and the usual punctuation, nothing else. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * The digits a search term matches phone numbers on, whatever the punctuation on either side
 * ("214.555.0106" finds "(214) 555-0106"), or null when the term is not a phone: too few digits, or
 * letters in it ("mike2024@example.com" is an address, not the digits 2024).
 */
export function phoneSearchDigits(query: string): string | null {
  if (!PHONE_LIKE.test(query.trim())) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : null;
}

/**
 * The lead search rule (api/README.md, "Lead search"): the query matches the full name or
 * e-mail case-insensitively, or the phone as a substring; a query typed like a phone (digits and
 * phone punctuation only) with 4 or more digits also matches the phone's digits. The API implements the same rule in SQL (leads/lead-filter.ts); this pure
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
