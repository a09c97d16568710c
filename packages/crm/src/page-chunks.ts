// The lazily loaded pages, one loader each: App renders them, and the entry module starts the one the
// URL names (with its section) before React renders, in parallel with the session check.
import type { ComponentType } from 'react';
import { preloadSectionChunk } from './crm/section-chunks.ts';

type Loader = () => Promise<{ default: ComponentType }>;

export const PAGE_CHUNKS = {
  dashboard: (() => import('./dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage }))) as Loader,
  crm: (() => import('./crm/CrmPage.tsx').then((m) => ({ default: m.CrmPage }))) as Loader,
  setupPassword: (() =>
    import('./auth/SetupPasswordPage.tsx').then((m) => ({ default: m.SetupPasswordPage }))) as Loader,
};

/** Starts fetching the chunks of the page at `pathname` (under `basename`) and of its `?section=`. */
export function preloadPageChunks(basename: string, pathname: string, search: string): void {
  const page = pathname.slice(basename.length).replace(/^\/+/, '').split('/')[0];
  const loader =
    page === 'crm'
      ? PAGE_CHUNKS.crm
      : page === 'dashboard'
        ? PAGE_CHUNKS.dashboard
        : page === 'setup-password'
          ? PAGE_CHUNKS.setupPassword
          : undefined;
  loader?.().catch(() => undefined); // the page's own import reports a failure when it renders
  if (page === 'crm') preloadSectionChunk(new URLSearchParams(search).get('section'));
}
