import type { LeadPriority, LeadStatus } from '@shine/shared/enums';

/** Status colours for tags and bars; each is at least 4.5:1 against white. */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  New: '#0b5cad',
  Contacted: '#0e7490',
  Qualified: '#3b4fc4',
  Quoted: '#7a3db8',
  Negotiating: '#b54708',
  Won: '#067647',
  Lost: '#b42318',
};

export const PRIORITY_COLORS: Record<LeadPriority, string> = {
  High: '#b42318',
  Medium: '#b54708',
  Low: '#067647',
};

/** The "Details differ" flag and highlights: the Quoted purple, 4.5:1+ on white, apart from the other flags. */
export const DETAILS_DIFFER_COLOR = '#7a3db8';

export function fullName(lead: { firstName: string; lastName: string }): string {
  return `${lead.firstName} ${lead.lastName}`.trim();
}

/** Bars use the same colours as the tags. */
export const STATUS_BAR_COLORS = STATUS_COLORS;
export const PRIORITY_BAR_COLORS = PRIORITY_COLORS;
