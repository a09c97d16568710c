// The lazily loaded pages, one loader each: App renders them, and the entry module starts the one the
// URL names (with its section) before React renders, in parallel with the session check.
import { preloadSectionChunk } from './crm/index.ts';
import { sectionInAddress } from './navigation/index.ts';
import { chunk } from './lazy-chunk.ts';

export const PAGE_CHUNKS = {
  dashboard: chunk(() => import('./dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage }))),
  crm: chunk(() => import('./crm/CrmPage.tsx').then((m) => ({ default: m.CrmPage }))),
  setupPassword: chunk(() => import('./auth/SetupPasswordPage.tsx').then((m) => ({ default: m.SetupPasswordPage }))),
};

let preloading: Promise<unknown> | undefined;
let isPreloading = false;

/** Starts fetching the chunks of the page at `pathname` (under `basename`) and of its section. */
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
  // A failure is reported by the page's own import, when it renders.
  isPreloading = true;
  preloading = Promise.allSettled([
    loader?.(),
    page === 'crm' ? preloadSectionChunk(sectionInAddress(pathname, search)) : undefined,
  ]).then(() => {
    isPreloading = false;
  });
}

/** Whether chunks preloadPageChunks started are still on their way. */
export function arePageChunksLoading(): boolean {
  return isPreloading;
}

/** Settles when the chunks preloadPageChunks started are in, or failed; at once if none were started. */
export function whenPageChunksPreloaded(): Promise<unknown> {
  return preloading ?? Promise.resolve();
}
