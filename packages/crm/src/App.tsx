import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Grid, type ThemeConfig } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './api/query-client.ts';
import { LoginPage, RequireAuth } from './auth/index.ts';
import { NotFoundPage } from './layout/NotFoundPage.tsx';
import { lazyChunk } from './lazy-chunk.ts';
import { PAGE_CHUNKS } from './page-chunks.ts';
import { type CrmPlatform, PlatformContext } from './platform/platform.ts';
import { PageSkeleton } from './layout/PageSkeleton.tsx';
import { ScrollToTopOnSearchChange } from './layout/ScrollToTopOnSearchChange.tsx';
import { SettingsProvider } from './personal-settings/index.ts';
import { crmPhoneTheme, crmTheme, toastConfig, toastPlacement, tooltipConfig } from './ui/theme.ts';
import { ToastRegion } from './ui/ToastRegion.tsx';
import { usePrefersReducedMotion } from './ui/use-reduced-motion.ts';
// antd's rules, made at build time (build/antd-static-styles.ts); before ours, which refine them.
import 'virtual:antd-styles.css';
import './styles.css';

// The staff screens and the set-up page load on demand, so the login page stays small.
const DashboardPage = lazyChunk(PAGE_CHUNKS.dashboard);
const CrmPage = lazyChunk(PAGE_CHUNKS.crm);
const SetupPasswordPage = lazyChunk(PAGE_CHUNKS.setupPassword);

export type { CrmPlatform } from './platform/platform.ts';

// With the stylesheet above, antd builds no styles while rendering (docs/performance.md, first
// load); the theme's tokens still reach the page as CSS variables, so the phone theme changes only
// their values.
const wideTheme: ThemeConfig = { ...crmTheme, zeroRuntime: true };
const phoneTheme: ThemeConfig = { ...crmPhoneTheme, zeroRuntime: true };

/** The theme for the screen, without antd's zoom and slide animations for those who asked for less motion. */
function screenTheme(isPhone: boolean, reducedMotion: boolean): ThemeConfig {
  const theme = isPhone ? phoneTheme : wideTheme;
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}

export interface CrmAppProps {
  /** Where the CRM is mounted: `/admin` in the browser build; the desktop app passes its own. */
  basename?: string;
  /** What the host offers beyond the page: given by the entry point, the only code that knows where it runs. */
  platform: CrmPlatform;
  /** The browser entry makes it before rendering, to start the session check at once (main.tsx). */
  queryClient?: QueryClient;
}

/** The whole staff CRM with its providers: platform, theme, toasts, data cache, Settings dialog and routes. */
export function CrmApp({ basename = '/admin', platform, queryClient: givenClient }: CrmAppProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // Breakpoints are unknown on the very first render: a wide screen until they are.
  const isPhone = Grid.useBreakpoint().sm === false;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => screenTheme(isPhone, reducedMotion), [isPhone, reducedMotion]);
  const toastRegion = useRef<HTMLElement>(null);
  const notificationConfig = useMemo(
    () => ({
      ...toastConfig,
      placement: toastPlacement(isPhone),
      // On a phone the toast sits at the bottom, over a dialog's buttons. Held while a pointer rests on
      // it (a mouse on a narrow window, a tap that lands on it), it would keep covering the button the
      // person is reaching for; there it leaves on time whatever the pointer does.
      pauseOnHover: !isPhone,
      getContainer: () => toastRegion.current ?? document.body,
    }),
    [isPhone],
  );
  return (
    <PlatformContext.Provider value={platform}>
      <ConfigProvider theme={theme} tooltip={tooltipConfig}>
        <AntApp notification={notificationConfig} message={toastConfig}>
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
                      {/* One route, so moving between sections keeps the page (and its live stream). */}
                      <Route path="crm/:section?" element={<CrmPage />} />
                      {/* A section's own page (Settings → Scheduling): the same page, the section reads it. */}
                      <Route path="crm/:section/:page" element={<CrmPage />} />
                      {/* A page inside a section (a crew's day: /crm/schedule/crew/2): the same page. */}
                      <Route path="crm/:section/:page/:item" element={<CrmPage />} />
                    </Route>
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </BrowserRouter>
            </SettingsProvider>
          </QueryClientProvider>
          <ToastRegion ref={toastRegion} />
        </AntApp>
      </ConfigProvider>
    </PlatformContext.Provider>
  );
}
