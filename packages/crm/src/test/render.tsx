import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../api/query-client.ts';
import { type CrmPlatform, PlatformContext } from '../platform/platform.ts';
import { SettingsProvider } from '../personal-settings/SettingsProvider.tsx';
import { crmTheme, toastConfig } from '../ui/theme.ts';

/** Renders `ui` inside the CRM's providers, at `route` of a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  {
    route = '/screen',
    path = '/screen',
    children,
    platform = {},
  }: { route?: string; path?: string; children?: ReactNode; platform?: CrmPlatform } = {},
) {
  const queryClient = createQueryClient();
  const result = render(
    <PlatformContext.Provider value={platform}>
      <ConfigProvider theme={crmTheme}>
        <AntApp notification={toastConfig} message={toastConfig}>
          <QueryClientProvider client={queryClient}>
            <SettingsProvider>
              <MemoryRouter initialEntries={[route]}>
                <Routes>
                  <Route path={path} element={ui}>
                    {children}
                  </Route>
                  <Route path="/dashboard" element={<p>Dashboard screen</p>} />
                  <Route path="/" element={<p>Login screen</p>} />
                </Routes>
              </MemoryRouter>
            </SettingsProvider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </PlatformContext.Provider>,
  );
  return { ...result, queryClient };
}
