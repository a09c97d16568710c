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

function handlers(fetch: FetchLike) {
  const onServerChanged = vi.fn();
  const bridge = createBridgeHandlers({
    store,
    fetch,
    appInfo: { name: 'Lone Star Shine CRM', version: '1.2.3' },
    onServerChanged,
  });
  return { bridge, onServerChanged };
}

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
