// The pages of the Settings section, in the order they are offered; each has its address
// (/admin/crm/settings/{key}), so a link or a bookmark opens it.
export const SETTINGS_PAGE_KEYS = ['company', 'scheduling', 'alerts', 'calls', 'lost-reasons', 'payments'] as const;
export type SettingsPageKey = (typeof SETTINGS_PAGE_KEYS)[number];

export const SETTINGS_PAGE_TITLES: Record<SettingsPageKey, string> = {
  company: 'Company details',
  scheduling: 'Scheduling',
  alerts: 'On-duty alerts',
  calls: 'Missed calls',
  'lost-reasons': 'Lost reasons',
  payments: 'Payments',
};

export function isSettingsPageKey(value: string | undefined): value is SettingsPageKey {
  return (SETTINGS_PAGE_KEYS as readonly string[]).includes(value ?? '');
}
