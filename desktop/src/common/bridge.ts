export interface DesktopSettings {
  serverUrl: string | null;
}

/** A native notification: its tag comes back when it is clicked, and a second one replaces the first. */
export interface DesktopNotice {
  title: string;
  body: string;
  tag: string;
}

export type DesktopResult = { ok: true } | { ok: false; message: string };

/** Where the preload script puts the bridge: `window.shineDesktop`. */
export const DESKTOP_BRIDGE_KEY = 'shineDesktop';

/**
 * The narrow bridge the preload script exposes on `window.shineDesktop` (contextBridge). Only the
 * renderer's entry point reads it: the connection gate (the app's own first-run and offline screens)
 * uses it directly, and the CRM gets the part it needs as its platform (src/renderer/main.tsx).
 */
export interface ShineDesktopBridge {
  /** Current settings as stored by the main process. */
  getSettings(): Promise<DesktopSettings>;
  /** Checks that `url` is http(s) and that `${url}/api/health` answers, without saving. */
  testServerUrl(url: string): Promise<DesktopResult>;
  /** Validates, tests reachability, then stores the server URL. */
  setServerUrl(url: string): Promise<DesktopResult>;
  /** Application name and version for the about panel. */
  getAppInfo(): Promise<{ name: string; version: string }>;
  /** Subscribe to "open settings" requests from the application menu; returns an unsubscribe. */
  onOpenSettings(listener: () => void): () => void;
  /** Subscribe to "the server stopped answering" notices; returns an unsubscribe. */
  onServerUnreachable(listener: () => void): () => void;
  /** Shows a native notification (new leads). */
  showNotification(notice: DesktopNotice): Promise<void>;
  /** The count on the dock or taskbar icon; 0 clears it. */
  setBadgeCount(count: number): Promise<void>;
  /** Subscribe to clicks on notifications (the listener gets the tag); returns an unsubscribe. */
  onNotificationClick(listener: (tag: string) => void): () => void;
}

/** The bridge's members, in one list, so the preload test can prove nothing else is exposed. */
export const SHINE_DESKTOP_BRIDGE_METHODS = [
  'getSettings',
  'testServerUrl',
  'setServerUrl',
  'getAppInfo',
  'onOpenSettings',
  'onServerUnreachable',
  'showNotification',
  'setBadgeCount',
  'onNotificationClick',
] as const satisfies ReadonlyArray<keyof ShineDesktopBridge>;
