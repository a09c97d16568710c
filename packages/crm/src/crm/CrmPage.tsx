import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { Button, Drawer, Grid, Layout, Menu, Result, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LiveContext } from '../api/live.ts';
import { InboxNavCount } from '../conversations/index.ts';
import { HeldNavCount } from '../held/index.ts';
import { MyDayNavCount } from '../my-day/index.ts';
import { LogoutButton, SettingsButton } from '../layout/HeaderActions.tsx';
import { useCurrentUser, useIsAdmin } from '../session/current-user.ts';
import { PersonAvatar } from '../ui/PersonAvatar.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Hint } from '../ui/Hint.tsx';
import { SectionSkeleton } from '../ui/SectionSkeleton.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { CrmDashboardSection } from './CrmDashboardSection.tsx';
import { CurrentDate } from './CurrentDate.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { menuKeyboardHandlers } from './menu-keyboard.ts';
import { lazyChunk } from '../lazy-chunk.ts';
import { SECTION_CHUNKS } from './section-chunks.ts';
import { SECTIONS, type SectionKey, defaultSectionFor, isSectionKey, sectionsFor } from './sections.tsx';
import { sectionPath } from '../navigation/index.ts';
import { useLiveStream } from './use-live-stream.ts';
import { useNewLeadAlerts } from '../new-lead-alerts/index.ts';
import { useQuoteAcceptedAlerts } from '../quotes/index.ts';
import { NotificationBell } from '../notifications/index.ts';
import { NewLeadButton, NewLeadProvider } from '../new-lead/index.ts';
import { useNotificationAlerts } from '../notifications/index.ts';
import './crm.css';

const MyDaySection = lazyChunk(SECTION_CHUNKS['my-day']);
const LeadsSection = lazyChunk(SECTION_CHUNKS.leads);
const InboxSection = lazyChunk(SECTION_CHUNKS.inbox);
const CallsSection = lazyChunk(SECTION_CHUNKS.calls);
const HeldSection = lazyChunk(SECTION_CHUNKS.held);
const ScheduleSection = lazyChunk(SECTION_CHUNKS.schedule);
const PaymentsSection = lazyChunk(SECTION_CHUNKS.payments);
const ActivitiesSection = lazyChunk(SECTION_CHUNKS.activities);
const AutomationsSection = lazyChunk(SECTION_CHUNKS.automations);
const TemplatesSection = lazyChunk(SECTION_CHUNKS.templates);
const AnalyticsSection = lazyChunk(SECTION_CHUNKS.analytics);
const TeamSection = lazyChunk(SECTION_CHUNKS.team);
const SettingsSection = lazyChunk(SECTION_CHUNKS.settings);
const AuditSection = lazyChunk(SECTION_CHUNKS.audit);

function SectionContent({ section }: { section: SectionKey }) {
  switch (section) {
    case 'my-day':
      return <MyDaySection />;
    case 'leads':
      return <LeadsSection />;
    case 'inbox':
      return <InboxSection />;
    case 'calls':
      return <CallsSection />;
    case 'held':
      return <HeldSection />;
    case 'schedule':
      return <ScheduleSection />;
    case 'payments':
      return <PaymentsSection />;
    case 'activities':
      return <ActivitiesSection />;
    case 'automations':
      return <AutomationsSection />;
    case 'templates':
      return <TemplatesSection />;
    case 'analytics':
      return <AnalyticsSection />;
    case 'settings':
      return <SettingsSection />;
    case 'team':
      return <TeamSection />;
    case 'audit':
      return <AuditSection />;
    default:
      return <CrmDashboardSection />;
  }
}

function sectionLabel(key: SectionKey) {
  // Held shows how many wait for review, Inbox how many leads have unread replies, My Day how much is
  // to do, so they are seen from any section.
  if (key === 'held' || key === 'inbox' || key === 'my-day') {
    const count = key === 'held' ? <HeldNavCount /> : key === 'inbox' ? <InboxNavCount /> : <MyDayNavCount />;
    return (
      <span>
        {SECTIONS[key].title} {count}
      </span>
    );
  }
  return SECTIONS[key].title;
}

/**
 * The sections as links (a middle click or Ctrl+click opens one in a new tab; docs/decisions.md,
 * "CRM addresses") inside antd's menu, which keeps its keyboard pattern: the link is no Tab stop of its
 * own, and Enter or Space on an item (not on its link) goes there through `onSelect`.
 */
function Navigation({
  section,
  collapsed,
  onSelect,
}: {
  section: SectionKey;
  collapsed: boolean;
  onSelect: (key: SectionKey, followedLink: boolean) => void;
}) {
  const isAdmin = useIsAdmin();
  return (
    <nav aria-label="CRM sections" className="crm-nav" {...menuKeyboardHandlers}>
      <div className={`crm-brand${collapsed ? ' crm-brand-collapsed' : ''}`}>
        <span className="crm-brand-mark" aria-hidden="true">
          LS
        </span>
        {collapsed ? (
          <span className="visually-hidden">{DEFAULT_COMPANY.shortName} CRM</span>
        ) : (
          <span>{DEFAULT_COMPANY.shortName} CRM</span>
        )}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[section]}
        onClick={({ key, domEvent }) =>
          onSelect(key as SectionKey, (domEvent.target as Element).closest('a[href]') !== null)
        }
        items={sectionsFor(isAdmin).map((key) => ({
          key,
          icon: <span aria-hidden="true">{SECTIONS[key].icon}</span>,
          label: (
            <Link to={sectionPath(key)} tabIndex={-1}>
              {sectionLabel(key)}
            </Link>
          ),
        }))}
      />
    </nav>
  );
}

/** The sidebar CRM at /admin/crm (docs/requirements.md#sidebar-crm): collapsible sidebar, header with title, date and Live. */
export function CrmPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const section: SectionKey = isSectionKey(params.section) ? params.section : defaultSectionFor(isAdmin);
  const screens = Grid.useBreakpoint();
  const isWide = screens.lg !== false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = SECTIONS[section].title;
  useDocumentTitle(title);
  // While the stream is live its events refresh the reads; otherwise they poll (LiveContext).
  const newLeadAlerts = useNewLeadAlerts();
  const quoteAcceptedAlerts = useQuoteAcceptedAlerts();
  const notificationAlerts = useNotificationAlerts();
  const liveStatus = useLiveStream((event) => {
    newLeadAlerts(event);
    quoteAcceptedAlerts(event);
    notificationAlerts(event);
  });

  const select = (key: SectionKey, followedLink: boolean) => {
    setDrawerOpen(false);
    if (!followedLink) navigate(sectionPath(key));
  };

  // A link made before sections had addresses (?section=leads&lead=…) goes to the same place, in place.
  const legacySection = new URLSearchParams(location.search).get('section');
  if (params.section === undefined && legacySection !== null) {
    const rest = new URLSearchParams(location.search);
    rest.delete('section');
    const target = isSectionKey(legacySection) ? legacySection : defaultSectionFor(isAdmin);
    return <Navigate replace to={{ pathname: `/crm/${target}`, search: rest.toString() }} />;
  }
  if (params.section !== undefined && !isSectionKey(params.section)) return <Navigate replace to="/crm" />;

  const navToggle = isWide ? (
    <Hint title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((c) => !c)}
      />
    </Hint>
  ) : (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label="Open navigation"
      aria-expanded={drawerOpen}
      onClick={() => setDrawerOpen(true)}
    />
  );

  return (
    <LiveContext.Provider value={liveStatus !== 'live'}>
      <NewLeadProvider>
        <Layout className="crm-layout" hasSider={isWide}>
          <a href="#crm-main" className="skip-link">
            Skip to content
          </a>
          {isWide ? (
            // The sidebar scrolls on a short window (sixteen sections), and Chromium makes a scrolling box
            // a Tab stop of its own: not this one. The menu is the one Tab stop, and the arrow keys move
            // through it, each item scrolled into view as it takes focus.
            <Layout.Sider
              collapsible
              collapsed={collapsed}
              trigger={null}
              width={232}
              className="crm-sider"
              tabIndex={-1}
            >
              <Navigation section={section} collapsed={collapsed} onSelect={select} />
            </Layout.Sider>
          ) : (
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={264}
              title="Menu"
              className="crm-nav-drawer"
            >
              <Navigation section={section} collapsed={false} onSelect={select} />
              <div className="crm-nav-extra">
                <ButtonLink to="/dashboard" block>
                  Tabbed Dashboard
                </ButtonLink>
              </div>
            </Drawer>
          )}
          <Layout>
            <Layout.Header className="crm-header">
              {navToggle}
              <div className="crm-header-title">
                <Typography.Title level={1} className="screen-title">
                  {title}
                </Typography.Title>
                <CurrentDate className="crm-date muted" short={screens.sm === false} />
              </div>
              <div className="crm-header-actions">
                <NewLeadButton iconOnly={screens.md !== true} type={screens.md === true ? 'primary' : undefined} />
                <LiveIndicator status={liveStatus} />
                <NotificationBell />
                {user ? (
                  <span className="crm-user" data-testid="crm-user">
                    <PersonAvatar person={user} showName={screens.md === true} />
                  </span>
                ) : null}
                {screens.md ? <ButtonLink to="/dashboard">Tabbed Dashboard</ButtonLink> : null}
                <SettingsButton iconOnly />
                <LogoutButton iconOnly />
              </div>
            </Layout.Header>
            <Layout.Content id="crm-main" className="crm-content" tabIndex={-1}>
              <Suspense fallback={<SectionSkeleton />}>
                {SECTIONS[section].adminOnly && !isAdmin ? (
                  <Result
                    status="403"
                    title={`${title} is for admins`}
                    subTitle="This needs the admin role. Ask an admin of your team."
                  />
                ) : (
                  <SectionContent section={section} />
                )}
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </NewLeadProvider>
    </LiveContext.Provider>
  );
}
