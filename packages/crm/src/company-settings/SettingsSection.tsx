import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { settingsPath } from '../navigation/index.ts';
import { PaymentSettingsForm } from '../payments/index.ts';
import { CallSettingsCard } from './CallSettingsCard.tsx';
import { CompanyDetailsSettings } from './CompanyDetailsSettings.tsx';
import { LostReasonsSettings } from './LostReasonsSettings.tsx';
import { SchedulingSettingsForm } from './SchedulingSettingsForm.tsx';
import { SpeedToLeadSettingsCard } from './SpeedToLeadSettingsCard.tsx';
import './settings.css';
import { SETTINGS_PAGE_KEYS, SETTINGS_PAGE_TITLES, type SettingsPageKey, isSettingsPageKey } from './settings-pages.ts';

const PAGES: Record<SettingsPageKey, { hint: string; render: () => ReactNode }> = {
  company: {
    hint: 'The name, address and links the e-mails to customers carry.',
    render: () => <CompanyDetailsSettings />,
  },
  scheduling: {
    hint: 'Crews, opening hours and arrival windows, and how far ahead customers book online.',
    render: () => <SchedulingSettingsForm />,
  },
  alerts: {
    hint: 'Who is on duty each day to answer a new lead, and who is told when nobody does.',
    render: () => <SpeedToLeadSettingsCard />,
  },
  calls: {
    hint: 'How long the phones ring for a call to the company number, and the text a missed caller gets.',
    render: () => <CallSettingsCard />,
  },
  'lost-reasons': {
    hint: 'The reasons offered when a lead is marked Lost.',
    render: () => <LostReasonsSettings />,
  },
  payments: {
    hint: 'The sales tax of invoices, the late-cancellation fee, card retries and tips.',
    render: () => <PaymentSettingsForm />,
  },
};

/**
 * Settings (admins): the company-wide settings, one page each with its own address
 * (/admin/crm/settings/{page}); /admin/crm/settings opens the first. The pages are links (not tabs):
 * each is an address, opens in a new tab, and wraps on a phone instead of hiding behind a menu. The
 * people are Team's.
 */
export function SettingsSection() {
  const { page } = useParams();
  if (!isSettingsPageKey(page)) return <Navigate replace to={settingsPath(SETTINGS_PAGE_KEYS[0])} />;
  return (
    <div className="section-stack">
      <nav aria-label="Settings pages" className="settings-pages">
        <ul>
          {SETTINGS_PAGE_KEYS.map((key) => (
            <li key={key}>
              <Link to={settingsPath(key)} aria-current={key === page ? 'page' : undefined}>
                {SETTINGS_PAGE_TITLES[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Typography.Text className="muted">{PAGES[page].hint}</Typography.Text>
      {PAGES[page].render()}
    </div>
  );
}
