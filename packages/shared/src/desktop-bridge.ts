/**
 * The narrow bridge the desktop app's preload script exposes on `window.shineDesktop`
 * (contextBridge). The CRM uses it when present (desktop) and ignores it in the browser.
 */
export interface DesktopSettings {
  serverUrl: string | null;
}

export type DesktopResult = { ok: true } | { ok: false; message: string };

export interface DesktopBridge {
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
}

export const DESKTOP_BRIDGE_KEY = 'shineDesktop';

export function getDesktopBridge(): DesktopBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, DesktopBridge | undefined>)[DESKTOP_BRIDGE_KEY];
}
