// The address of each CRM section (docs/decisions.md, "CRM addresses"): /admin/crm/{section}, with a
// lead open in its drawer as ?lead={id}. Paths are relative to the router's basename (/admin).
// Kept apart from sections.tsx (icons) so that any feature can link to a section cheaply.

/** The path of a section, with its query (filters, a lead) when given. */
export function sectionPath(section: string, query?: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return `/crm/${section}${text ? `?${text}` : ''}`;
}

/** A lead open in the Leads section's drawer, on the drawer tab named (the details by default). */
export function leadPath(leadId: string, tab?: 'conversation'): string {
  return sectionPath('leads', { lead: leadId, tab });
}

/** A page of the Settings section (admins): /crm/settings/{page}, e.g. `scheduling`. */
export function settingsPath(page: string): string {
  return `${sectionPath('settings')}/${page}`;
}

/** The section a CRM address names: its path segment, or the old `?section=` of links made before. */
export function sectionInAddress(pathname: string, search: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const crm = segments.indexOf('crm');
  if (crm === -1) return null;
  return segments[crm + 1] ?? new URLSearchParams(search).get('section');
}
