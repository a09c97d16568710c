// Where leads come from, by name. A campaign's utm_source is typed by whoever built the link
// ("facebook", "FACEBOOK", " Google  ads"), so a known source is matched without regard to case or
// spacing and stored under its canonical name; any other source is stored trimmed as typed. Reports
// group sources by leadSourceKey (LEAD_SOURCE_KEY_SQL in the database), so leads stored before this
// rule, or unknown sources typed two ways, still count as one source.

/** The canonical names of the sources the business knows, as the reports show them. */
export const KNOWN_LEAD_SOURCES = [
  'Website Form',
  'Google Ads',
  'Google',
  'Facebook',
  'Instagram',
  'Yelp',
  'Nextdoor',
  'Thumbtack',
  'Angi',
  'Bing',
  'Referral',
  'Phone Call',
  'SMS',
] as const;

/**
 * What the reports group sources by: the same for every spelling of one source that differs only in
 * case or spacing ("facebook" and "Facebook"; "Dallas Moms" and "dallas  moms").
 */
export function leadSourceKey(source: string): string {
  return source.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** leadSourceKey in SQL, over the expression `column` (a trusted column name, never input). */
export function leadSourceKeySql(column: string): string {
  return `lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
}

const CANONICAL = new Map<string, string>(KNOWN_LEAD_SOURCES.map((name) => [leadSourceKey(name), name]));

/** A known source under its canonical name; any other trimmed as typed; '' for a blank one. */
export function canonicalLeadSource(source: string): string {
  const trimmed = source.trim();
  return CANONICAL.get(leadSourceKey(trimmed)) ?? trimmed;
}
