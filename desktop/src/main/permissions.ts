import type { Session } from 'electron';
import { isAppOriginUrl } from './app-identity.ts';
import { isSafeExternalUrl } from './external-links.ts';

export interface PermissionRequestDetails {
  requestingUrl?: string;
  isMainFrame?: boolean;
  /** Set for `openExternal` requests. */
  externalURL?: string;
}

/**
 * The CRM needs no browser permission: no camera, microphone, location, notifications, clipboard
 * reading, USB, HID, serial, MIDI... all refused. One narrow exception: a `mailto:`/`tel:` link the app's
 * own page follows reaches Chromium's external-protocol handler as an `openExternal` request; that is
 * allowed when the URL passes the same allowlist as every other external link.
 */
export function decidePermissionRequest(permission: string, details: PermissionRequestDetails): boolean {
  if (permission !== 'openExternal') return false;
  if (!details.isMainFrame || !isAppOriginUrl(details.requestingUrl) || !details.externalURL) return false;
  const scheme = details.externalURL.slice(0, details.externalURL.indexOf(':') + 1).toLowerCase();
  return (scheme === 'mailto:' || scheme === 'tel:') && isSafeExternalUrl(details.externalURL);
}

/** Permission checks (`navigator.permissions.query`, feature probes) all answer "denied". */
export function decidePermissionCheck(_permission: string): boolean {
  return false;
}

type PermissionSession = Pick<
  Session,
  | 'setPermissionRequestHandler'
  | 'setPermissionCheckHandler'
  | 'setDevicePermissionHandler'
  | 'setDisplayMediaRequestHandler'
>;

/** Installs the deny-by-default handlers on the app's session (Electron's default grants everything). */
export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(decidePermissionRequest(permission, details as PermissionRequestDetails));
  });
  session.setPermissionCheckHandler((_webContents, permission) => decidePermissionCheck(permission));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
}
