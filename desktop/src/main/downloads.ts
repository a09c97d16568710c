import { APP_ORIGIN, isAppOriginUrl } from './app-identity.ts';

/**
 * Downloads the app lets through: files the CRM builds in the page (exports as blob: or data: URLs)
 * and files its own origin serves. Anything else (a download started by some other URL) is cancelled.
 * Chromium still shows its save dialog for the ones allowed.
 */
export function isAllowedDownload(url: string): boolean {
  if (url.startsWith('data:')) return true;
  if (url.startsWith(`blob:${APP_ORIGIN}/`)) return true;
  return isAppOriginUrl(url);
}
