import { AppstoreOutlined } from '@ant-design/icons';
import type { SessionUser } from '@shine/shared/types';
import { Layout, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { LogoutButton, SettingsButton } from '../layout/HeaderActions.tsx';
import { useCurrentUser } from '../session/current-user.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { AutomationsCountTab, TemplatesCountTab } from './CountTab.tsx';
import { DashboardLeadsTab } from './DashboardLeadsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { PlaceholderTab } from './PlaceholderTab.tsx';
import './dashboard.css';

const TABS = ['overview', 'leads', 'activities', 'automations', 'templates', 'analytics'] as const;
type TabKey = (typeof TABS)[number];

/**
 * The header's greeting: the brief's "Welcome Admin" (docs/requirements.md) for an admin, a salesperson by name (the part of the
 * e-mail before the @ when the name is empty, as everywhere a person is named).
 */
export function dashboardGreeting(user: SessionUser | undefined): string {
  if (!user || user.role === 'admin') return 'Welcome Admin';
  return `Welcome ${user.name.trim() || user.username.split('@')[0]}`;
}

function isTab(value: string | null): value is TabKey {
  return (TABS as readonly string[]).includes(value ?? '');
}

/** The older tabbed CRM dashboard at /admin/dashboard (docs/requirements.md#tabbed-dashboard). */
export function DashboardPage() {
  useDocumentTitle('CRM Dashboard');
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'overview';
  const selectTab = (key: string) => setSearchParams(key === 'overview' ? {} : { tab: key });

  return (
    <Layout className="dashboard-layout">
      <a href="#dashboard-main" className="skip-link">
        Skip to content
      </a>
      <Layout.Header className="dashboard-header">
        <Typography.Title level={1} className="screen-title">
          CRM Dashboard
        </Typography.Title>
        <nav className="dashboard-header-actions" aria-label="Account">
          <ButtonLink to="/crm" icon={<AppstoreOutlined aria-hidden="true" />}>
            Basic Dashboard
          </ButtonLink>
          <SettingsButton />
          <span className="dashboard-welcome">{dashboardGreeting(user)}</span>
          <LogoutButton />
        </nav>
      </Layout.Header>
      <Layout.Content id="dashboard-main" className="dashboard-content" tabIndex={-1}>
        <Tabs
          className="dashboard-tabs"
          activeKey={active}
          onChange={selectTab}
          items={[
            { key: 'overview', label: 'Overview', children: <OverviewTab onShowLeads={() => selectTab('leads')} /> },
            { key: 'leads', label: 'Leads', children: <DashboardLeadsTab /> },
            {
              key: 'activities',
              label: 'Activities',
              children: (
                <PlaceholderTab title="Activities" text="Activity tracking coming soon." section="activities" />
              ),
            },
            { key: 'automations', label: 'Automations', children: <AutomationsCountTab /> },
            { key: 'templates', label: 'Templates', children: <TemplatesCountTab /> },
            {
              key: 'analytics',
              label: 'Analytics',
              children: (
                <PlaceholderTab title="Analytics" text="Analytics dashboard coming soon." section="analytics" />
              ),
            },
          ]}
        />
      </Layout.Content>
    </Layout>
  );
}
