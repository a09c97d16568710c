import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBridgeHandlers } from './bridge-handlers.ts';
import type { FetchLike } from './server-health.ts';
import { createSettingsStore, type SettingsStore } from './settings-store.ts';

let dir: string;
let store: SettingsStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shine-bridge-'));
  store = createSettingsStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const healthy: FetchLike = async () => new Response('{"ok":true,"db":"up"}', { status: 200 });
const refused: FetchLike = async () => {
  throw new Error('net::ERR_CONNECTION_REFUSED');
};

function handlers(fetch: FetchLike, supported = true) {
  const onServerChanged = vi.fn();
  const notifications = {
    isSupported: () => supported,
    show: vi.fn((_notice: unknown, _onClick: () => void) => {}),
    setBadgeCount: vi.fn(),
    opened: vi.fn(),
  };
  const bridge = createBridgeHandlers({
    store,
    fetch,
    appInfo: { name: 'Lone Star Shine CRM', version: '1.2.3' },
    onServerChanged,
    notifications,
  });
  return { bridge, onServerChanged, notifications };
}

describe('notifications', () => {
  const notice = { title: 'New lead: Ann Lee', body: 'Deep cleaning', tag: 'new-lead-1' };

  it('shows a notice whose click opens the window on that lead, and sets the badge', () => {
    const { bridge, notifications } = handlers(healthy);
    bridge.showNotification(notice);
    expect(notifications.show).toHaveBeenCalledOnce();
    const [shown, onClick] = notifications.show.mock.calls[0] as [unknown, () => void];
    expect(shown).toEqual(notice);
    expect(notifications.opened).not.toHaveBeenCalled();
    onClick();
    expect(notifications.opened).toHaveBeenCalledWith('new-lead-1');
    bridge.setBadgeCount(2);
    expect(notifications.setBadgeCount).toHaveBeenCalledWith(2);
  });

  it('shows nothing where the system has no notifications', () => {
    const { bridge, notifications } = handlers(healthy, false);
    bridge.showNotification(notice);
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('bridge handlers', () => {
  it('reports no server on first run', async () => {
    expect(await handlers(healthy).bridge.getSettings()).toEqual({ serverUrl: null });
  });

  it('tests without saving', async () => {
    const { bridge } = handlers(healthy);
    expect(await bridge.testServerUrl('crm.example.com')).toEqual({ ok: true });
    expect(store.get().serverUrl).toBeNull();
  });

  it('stores the normalised URL once the server answered, first run without a reload', async () => {
    const { bridge, onServerChanged } = handlers(healthy);
    expect(await bridge.setServerUrl('  https://CRM.example.com/ ')).toEqual({ ok: true });
    expect(await bridge.getSettings()).toEqual({ serverUrl: 'https://crm.example.com' });
    expect(createSettingsStore(dir).get().serverUrl).toBe('https://crm.example.com');
    expect(onServerChanged).not.toHaveBeenCalled();
  });

  it('announces a change of server, but not the same server saved again', async () => {
    const { bridge, onServerChanged } = handlers(healthy);
    await bridge.setServerUrl('https://old.example.com');
    await bridge.setServerUrl('https://new.example.com');
    await bridge.setServerUrl('https://new.example.com/');
    expect(onServerChanged.mock.calls).toEqual([['https://new.example.com']]);
  });

  it('saves nothing when the server does not answer', async () => {
    const { bridge } = handlers(refused);
    const result = await bridge.setServerUrl('https://crm.example.com');
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/Nothing is answering/) });
    expect(store.get().serverUrl).toBeNull();
  });

  it('never contacts anything for an invalid URL', async () => {
    const fetch = vi.fn(healthy);
    const { bridge } = handlers(fetch);
    expect(await bridge.setServerUrl('file:///etc/passwd')).toEqual({ ok: false, message: expect.any(String) });
    expect(await bridge.testServerUrl('https://user:pw@crm.example.com')).toEqual({
      ok: false,
      message: expect.stringMatching(/user name and password/),
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives the app name and version', async () => {
    expect(await handlers(healthy).bridge.getAppInfo()).toEqual({ name: 'Lone Star Shine CRM', version: '1.2.3' });
  });
});
