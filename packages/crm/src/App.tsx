import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './api/query-client.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { NotFoundPage } from './layout/NotFoundPage.tsx';
import { type CrmPlatform, PlatformContext } from './platform/platform.ts';
import { PageSkeleton } from './layout/PageSkeleton.tsx';
import { ScrollToTopOnSearchChange } from './layout/ScrollToTopOnSearchChange.tsx';
import { SettingsProvider } from './settings/SettingsProvider.tsx';
import { crmTheme, toastConfig, tooltipConfig } from './ui/theme.ts';
import './styles.css';

// The staff screens and the set-up page load on demand, so the login page stays small.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));
const CrmPage = lazy(() => import('./crm/CrmPage.tsx').then((m) => ({ default: m.CrmPage })));
const SetupPasswordPage = lazy(() =>
  import('./auth/SetupPasswordPage.tsx').then((m) => ({ default: m.SetupPasswordPage })),
);

export type { CrmPlatform } from './platform/platform.ts';

export interface CrmAppProps {
  /** Where the CRM is mounted: `/admin` in the browser build; the desktop app passes its own. */
  basename?: string;
  /** What the host offers beyond the page: given by the entry point, the only code that knows where it runs. */
  platform: CrmPlatform;
}

/** The whole staff CRM with its providers: platform, theme, toasts, data cache, Settings dialog and routes. */
export function CrmApp({ basename = '/admin', platform }: CrmAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PlatformContext.Provider value={platform}>
      <ConfigProvider theme={crmTheme} tooltip={tooltipConfig}>
        <AntApp notification={toastConfig} message={toastConfig}>
          <QueryClientProvider client={queryClient}>
            <SettingsProvider>
              <BrowserRouter basename={basename}>
                <ScrollToTopOnSearchChange />
                <Suspense fallback={<PageSkeleton />}>
                  <Routes>
                    <Route index element={<LoginPage />} />
                    {/* Public: a set-up link's token is the proof (as a path segment or ?token=). */}
                    <Route path="setup-password/:token" element={<SetupPasswordPage />} />
                    <Route path="setup-password" element={<SetupPasswordPage />} />
                    <Route element={<RequireAuth />}>
                      <Route path="dashboard" element={<DashboardPage />} />
                      <Route path="crm" element={<CrmPage />} />
                    </Route>
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </BrowserRouter>
            </SettingsProvider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </PlatformContext.Provider>
  );
}
