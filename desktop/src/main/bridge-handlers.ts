import type { DesktopNotice } from '../common/bridge.ts';
import type { BridgeHandlers } from './ipc.ts';
import { checkServerHealth, type FetchLike } from './server-health.ts';
import { parseServerUrl } from './server-url.ts';
import type { SettingsStore } from './settings-store.ts';

export interface BridgeHandlerDeps {
  store: SettingsStore;
  /** The persistent session's fetch, so the test uses the same network path as the forwarding. */
  fetch: FetchLike;
  appInfo: { name: string; version: string };
  /** After the stored server URL was replaced by a different one (not on first-run setup). */
  onServerChanged: (serverUrl: string) => void;
  /** Electron's Notification and app.setBadgeCount, handed in so the handlers stay testable. */
  notifications: NotificationDeps;
}

export interface NotificationDeps {
  /** Whether this system can show notifications at all (Notification.isSupported()). */
  isSupported: () => boolean;
  /** Shows one; `onClick` runs when it is clicked. */
  show: (notice: DesktopNotice, onClick: () => void) => void;
  setBadgeCount: (count: number) => void;
  /** Brings the window to the front and tells the page which notification was clicked. */
  opened: (tag: string) => void;
}

/** What the bridge's calls do, once ipc.ts has checked who is calling and with what. */
export function createBridgeHandlers(deps: BridgeHandlerDeps): BridgeHandlers {
  const test = async (input: string) => {
    const parsed = parseServerUrl(input);
    if (!parsed.ok) return { parsed, result: { ok: false as const, message: parsed.message } };
    return { parsed, result: await checkServerHealth(parsed.url, deps.fetch) };
  };

  return {
    getSettings: () => ({ serverUrl: deps.store.get().serverUrl }),
    testServerUrl: async (input) => (await test(input)).result,
    setServerUrl: async (input) => {
      const { parsed, result } = await test(input);
      // Only a server that answered its health check is stored: staff never end up pointed at a typo.
      if (!parsed.ok || !result.ok) return result;
      const previous = deps.store.get().serverUrl;
      try {
        await deps.store.update({ serverUrl: parsed.url });
      } catch (error) {
        console.error('[settings] could not save the server URL', error);
        return { ok: false, message: 'The server answered, but the setting could not be saved on this computer.' };
      }
      // First-run setup has nothing of an earlier server to clear; a real change does.
      if (previous !== null && previous !== parsed.url) deps.onServerChanged(parsed.url);
      return { ok: true };
    },
    getAppInfo: () => ({ ...deps.appInfo }),
    showNotification: (notice) => {
      if (!deps.notifications.isSupported()) return;
      deps.notifications.show(notice, () => deps.notifications.opened(notice.tag));
    },
    setBadgeCount: (count) => deps.notifications.setBadgeCount(count),
  };
}
