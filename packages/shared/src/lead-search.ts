/**
 * The lead search rule (SPEC.md §5): the query matches the full name or e-mail case-insensitively,
 * or the phone as a substring. The API implements the same rule in SQL; this pure version is the
 * reference the tests compare against.
 */
export function matchesLeadSearch(
  lead: { firstName: string; lastName: string; email: string; phone: string },
  query: string,
): boolean {
  const needle = query.trim();
  if (needle === '') return true;
  const lower = needle.toLowerCase();
  const fullName = `${lead.firstName} ${lead.lastName}`.toLowerCase();
  return fullName.includes(lower) || lead.email.toLowerCase().includes(lower) || lead.phone.includes(needle);
}
