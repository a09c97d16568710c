import type { LeadPriority, LeadStatus } from '@shine/shared/enums';

/** antd preset colours for status badges; each keeps its text at AA contrast on the tag background. */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  New: 'blue',
  Contacted: 'cyan',
  Qualified: 'geekblue',
  Quoted: 'purple',
  Negotiating: 'orange',
  Won: 'green',
  Lost: 'red',
};

/** Bar colours for the same statuses (design-token friendly, AA against white where text sits on them). */
export const STATUS_BAR_COLORS: Record<LeadStatus, string> = {
  New: '#0b5cad',
  Contacted: '#0e7490',
  Qualified: '#3b4fc4',
  Quoted: '#7a3db8',
  Negotiating: '#b54708',
  Won: '#067647',
  Lost: '#b42318',
};

export const PRIORITY_COLORS: Record<LeadPriority, string> = {
  High: 'red',
  Medium: 'gold',
  Low: 'green',
};

export const PRIORITY_BAR_COLORS: Record<LeadPriority, string> = {
  High: '#b42318',
  Medium: '#b54708',
  Low: '#067647',
};

export function fullName(lead: { firstName: string; lastName: string }): string {
  return `${lead.firstName} ${lead.lastName}`.trim();
}
