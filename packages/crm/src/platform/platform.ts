import { createContext, useContext } from 'react';

/** The outcome of testing or saving a server URL. */
export type ServerCheckResult = { ok: true } | { ok: false; message: string };

/** Where the user chooses the server the CRM talks to. */
export interface ServerConnection {
  getSettings(): Promise<{ serverUrl: string | null }>;
  /** Checks that the URL is http(s) and that its `/api/health` answers, without saving. */
  testServerUrl(url: string): Promise<ServerCheckResult>;
  /** Checks, then stores the URL; every later request goes there. */
  setServerUrl(url: string): Promise<ServerCheckResult>;
}

export type NotificationPermissionState = 'granted' | 'denied' | 'default';

/** System notifications: the browser's Notification API, or the desktop app's native ones. */
export interface SystemNotifications {
  permission(): NotificationPermissionState;
  /** Asks the person (browsers allow it only from a click). */
  requestPermission(): Promise<NotificationPermissionState>;
  /** Shows one; `onOpen` runs when the person clicks it. A second with the same tag replaces the first. */
  show(notice: { title: string; body: string; tag: string }, onOpen: () => void): void;
  /** The count on the dock or taskbar icon (desktop); 0 clears it. */
  setBadgeCount?(count: number): void;
}

/**
 * What the CRM needs from where it runs, handed to `CrmApp` by its entry point: the browser build
 * (main.tsx) has nothing to add, the desktop app adds its server choice and its menu. Nothing inside
 * the CRM looks at `window` for these, so it runs unchanged on either and in tests.
 */
export interface CrmPlatform {
  /** Present where the user picks the server (the desktop app); the browser's server is its own origin. */
  server?: ServerConnection;
  /** Subscribes to "open Settings" requests from outside the page (an application menu); returns an unsubscribe. */
  onOpenSettings?(listener: () => void): () => void;
  /** The desktop app's native notifications; without it the browser's Notification API is used. */
  notifications?: SystemNotifications;
}

export const PlatformContext = createContext<CrmPlatform>({});

export function usePlatform(): CrmPlatform {
  return useContext(PlatformContext);
}
