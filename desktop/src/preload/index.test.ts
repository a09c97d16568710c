import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SHINE_DESKTOP_BRIDGE_METHODS, type ShineDesktopBridge } from '../common/bridge.ts';
import { IPC_CHANNELS } from '../common/ipc-channels.ts';

// Electron is replaced at the module boundary only: what the preload hands to contextBridge, and
// what it sends over ipcRenderer, is what is checked.
const electron = vi.hoisted(() => {
  // A minimal stand-in for ipcRenderer's event side (vi.hoisted runs before any import is available).
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const rendererEvents = {
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener);
    },
    emit: (channel: string, ...args: unknown[]) => {
      for (const listener of listeners.get(channel) ?? []) listener(...args);
    },
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
  return {
    exposed: new Map<string, unknown>(),
    rendererEvents,
    invoke: vi.fn(async (..._args: unknown[]) => 'answer'),
  };
});

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => electron.rendererEvents.on(channel, listener),
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.rendererEvents.removeListener(channel, listener),
  },
}));

let bridge: ShineDesktopBridge;
beforeAll(async () => {
  await import('./index.ts');
  bridge = electron.exposed.get('shineDesktop') as ShineDesktopBridge;
});

describe('preload bridge', () => {
  it('exposes exactly one object, window.shineDesktop, with exactly the bridge’s methods', () => {
    expect([...electron.exposed.keys()]).toEqual(['shineDesktop']);
    expect(Object.keys(bridge).sort()).toEqual([...SHINE_DESKTOP_BRIDGE_METHODS].sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it('maps each call to its one IPC channel, passing only the URL', async () => {
    await bridge.getSettings();
    await bridge.testServerUrl('https://crm.example.com');
    await bridge.setServerUrl('https://crm.example.com');
    await expect(bridge.getAppInfo()).resolves.toBe('answer');
    const notice = { title: 'New lead', body: 'Deep cleaning', tag: 'new-lead-1' };
    await bridge.showNotification(notice);
    await bridge.setBadgeCount(2);
    expect(electron.invoke.mock.calls).toEqual([
      [IPC_CHANNELS.getSettings],
      [IPC_CHANNELS.testServerUrl, 'https://crm.example.com'],
      [IPC_CHANNELS.setServerUrl, 'https://crm.example.com'],
      [IPC_CHANNELS.getAppInfo],
      [IPC_CHANNELS.showNotification, notice],
      [IPC_CHANNELS.setBadgeCount, 2],
    ]);
  });

  it('delivers main-process events without the IpcRendererEvent, and unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = bridge.onOpenSettings(listener);
    electron.rendererEvents.emit(IPC_CHANNELS.openSettings, { sender: 'ipcRenderer itself' }, 'extra');
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]).toEqual([]);
    unsubscribe();
    electron.rendererEvents.emit(IPC_CHANNELS.openSettings, {});
    expect(listener).toHaveBeenCalledOnce();
    expect(electron.rendererEvents.listenerCount(IPC_CHANNELS.openSettings)).toBe(0);
  });

  it("passes a clicked notification's tag, and nothing that is not text", () => {
    const listener = vi.fn();
    const unsubscribe = bridge.onNotificationClick(listener);
    electron.rendererEvents.emit(IPC_CHANNELS.notificationClicked, { sender: 'ipcRenderer itself' }, 'new-lead-1');
    electron.rendererEvents.emit(IPC_CHANNELS.notificationClicked, {}, { not: 'text' });
    expect(listener.mock.calls).toEqual([['new-lead-1']]);
    unsubscribe();
    expect(electron.rendererEvents.listenerCount(IPC_CHANNELS.notificationClicked)).toBe(0);
  });

  it('keeps the two event subscriptions apart', () => {
    const settings = vi.fn();
    const unreachable = vi.fn();
    const offSettings = bridge.onOpenSettings(settings);
    const offUnreachable = bridge.onServerUnreachable(unreachable);
    electron.rendererEvents.emit(IPC_CHANNELS.serverUnreachable, {});
    expect(unreachable).toHaveBeenCalledOnce();
    expect(settings).not.toHaveBeenCalled();
    offSettings();
    offUnreachable();
  });
});
