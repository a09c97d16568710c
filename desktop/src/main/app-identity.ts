import { DEFAULT_COMPANY } from '@shine/shared/company';

/** The name people see: window title, menus, about panel, installers ("Lone Star Shine CRM"). */
export const APP_NAME = `${DEFAULT_COMPANY.shortName} CRM`;
export const APP_ID = 'com.lonestarshine.crm';

/**
 * The renderer is served from a privileged custom scheme rather than file://, so it has a real origin:
 * the CRM's relative `/api` calls stay same-origin, and every check below compares against one value.
 */
export const APP_SCHEME = 'shine';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The CRM is built for `/admin` (its browser build's base), so the desktop serves it there too. */
export const APP_BASE_PATH = '/admin';
export const APP_ENTRY_URL = `${APP_ORIGIN}${APP_BASE_PATH}`;

/** One persistent Chromium session (cookie jar, cache) for the window and every forwarded request. */
export const SESSION_PARTITION = 'persist:shine';

/**
 * Whether `url` belongs to the app's origin. Compares scheme and host rather than `URL.origin`:
 * Node's URL parser (which the main process uses) does not know that Chromium treats `shine:` as a
 * standard scheme, and reports the origin of every `shine://` URL as "null".
 */
export function isAppOrigin(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
}

/** `isAppOrigin` for a string that may not even be a URL. */
export function isAppOriginUrl(value: string | undefined | null): boolean {
  if (!value) return false;
  try {
    return isAppOrigin(new URL(value));
  } catch {
    return false;
  }
}
