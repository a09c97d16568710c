/** The lead drawer's tabs; `?tab=` may name one when a link opens a lead (the Inbox opens the conversation). */
export const LEAD_DRAWER_TABS = ['details', 'conversation'] as const;
export type LeadDrawerTab = (typeof LEAD_DRAWER_TABS)[number];

export function toLeadDrawerTab(value: string | null): LeadDrawerTab {
  return value === 'conversation' ? 'conversation' : 'details';
}
