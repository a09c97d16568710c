import {
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  InboxOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const SECTION_KEYS = [
  'dashboard',
  'leads',
  'held',
  'activities',
  'automations',
  'templates',
  'analytics',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SECTIONS: Record<SectionKey, { title: string; icon: ReactNode }> = {
  dashboard: { title: 'Dashboard', icon: <DashboardOutlined /> },
  leads: { title: 'Leads', icon: <TeamOutlined /> },
  held: { title: 'Held', icon: <InboxOutlined /> },
  activities: { title: 'Activities', icon: <CalendarOutlined /> },
  automations: { title: 'Automations', icon: <ThunderboltOutlined /> },
  templates: { title: 'Templates', icon: <FileTextOutlined /> },
  analytics: { title: 'Analytics', icon: <BarChartOutlined /> },
};

export function toSectionKey(value: string | null): SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value ?? '') ? (value as SectionKey) : 'dashboard';
}
