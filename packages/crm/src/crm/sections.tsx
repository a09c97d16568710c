import {
  BarChartOutlined,
  CarOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DollarOutlined,
  AuditOutlined,
  FileTextOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  PhoneOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const SECTION_KEYS = [
  'dashboard',
  // A salesperson's own list of what to do now (first of all for sales: sectionsFor).
  'my-day',
  // What waits for an answer comes first after the Dashboard.
  'inbox',
  // Calls to the company number: missed ones to call back, strangers to make leads of.
  'calls',
  'leads',
  'held',
  'activities',
  'schedule',
  'payments',
  'automations',
  'templates',
  'analytics',
  'team',
  // The company's settings (admins): company details, scheduling, alerts, lost reasons.
  'settings',
  'audit',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SECTIONS: Record<SectionKey, { title: string; icon: ReactNode; adminOnly?: boolean }> = {
  dashboard: { title: 'Dashboard', icon: <DashboardOutlined /> },
  'my-day': { title: 'My Day', icon: <CheckSquareOutlined /> },
  leads: { title: 'Leads', icon: <TeamOutlined /> },
  inbox: { title: 'Inbox', icon: <MessageOutlined /> },
  calls: { title: 'Calls', icon: <PhoneOutlined /> },
  schedule: { title: 'Schedule', icon: <CarOutlined /> },
  payments: { title: 'Payments', icon: <DollarOutlined /> },
  held: { title: 'Held', icon: <InboxOutlined /> },
  activities: { title: 'Activities', icon: <CalendarOutlined /> },
  automations: { title: 'Automations', icon: <ThunderboltOutlined /> },
  templates: { title: 'Templates', icon: <FileTextOutlined /> },
  analytics: { title: 'Analytics', icon: <BarChartOutlined /> },
  // Only a hint for the screen: the server answers 403 to anyone but an admin.
  team: { title: 'Team', icon: <IdcardOutlined />, adminOnly: true },
  settings: { title: 'Settings', icon: <SettingOutlined />, adminOnly: true },
  audit: { title: 'Audit', icon: <AuditOutlined />, adminOnly: true },
};

/** The sections the signed-in user's role offers, in menu order: My Day first for sales. */
export function sectionsFor(isAdmin: boolean): SectionKey[] {
  const offered = SECTION_KEYS.filter((key) => isAdmin || !SECTIONS[key].adminOnly);
  return isAdmin ? offered : ['my-day', ...offered.filter((key) => key !== 'my-day')];
}

export function isSectionKey(value: string | null | undefined): value is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value ?? '');
}

/** What /admin/crm opens when it names no section: the dashboard for admins, My Day for sales. */
export function defaultSectionFor(isAdmin: boolean): SectionKey {
  return isAdmin ? 'dashboard' : 'my-day';
}
