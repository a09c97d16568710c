// An export's filter in words for its audit row: "Status: New · Assigned to: Sam Rivera", or "all
// leads" when nothing narrowed it. Keys the list filter may gain later read as their name in words.

const FILTER_LABELS: Record<string, string> = {
  search: 'Search',
  status: 'Status',
  priority: 'Priority',
  source: 'Source',
  assignedTo: 'Assigned to',
  followUp: 'Follow-up',
  created: 'Created',
};

function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return FILTER_LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

const isShown = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * `filter` as the export request sent it; `nameOf` a person's name by id; `actorName` the person who
 * exported, whom "me" means.
 */
export function describeLeadFilter(
  filter: unknown,
  nameOf: (id: string) => string | undefined,
  actorName: string | null,
): string {
  const entries = Object.entries(filter && typeof filter === 'object' ? filter : {}).filter(([, value]) =>
    isShown(value),
  );
  if (entries.length === 0) return 'all leads';
  const wordsOf = (key: string, value: unknown): string => {
    if (Array.isArray(value)) return value.map((item) => wordsOf(key, item)).join(', ');
    const text = String(value);
    if (key === 'search') return `“${text}”`;
    if (key !== 'assignedTo') return text;
    if (text === 'me') return actorName ?? 'me';
    if (text === 'none') return 'nobody';
    return nameOf(text) ?? text;
  };
  return entries.map(([key, value]) => `${labelOf(key)}: ${wordsOf(key, value)}`).join(' · ');
}
