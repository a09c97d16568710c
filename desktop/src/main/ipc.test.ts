import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../common/ipc-channels.ts';
import { type BridgeHandlers, guardIpcHandler, isTrustedSender, registerIpcHandlers } from './ipc.ts';

type Frame = { url: string; parent: Frame | null };
const appFrame: Frame = { url: 'shine://app/admin/crm', parent: null };
const event = (senderFrame: Frame | null) => ({ senderFrame }) as never;

describe('isTrustedSender', () => {
  it('trusts the app’s own top-level page', () => {
    expect(isTrustedSender(event(appFrame))).toBe(true);
    expect(isTrustedSender(event({ url: 'shine://app/admin', parent: null }))).toBe(true);
  });

  it.each([
    ['a page of another origin', { url: 'https://evil.example.com/', parent: null }],
    ['a look-alike host', { url: 'shine://app.evil/admin', parent: null }],
    ['a file: page', { url: 'file:///tmp/x.html', parent: null }],
    ['a sub-frame, even of the app', { url: 'shine://app/admin', parent: appFrame }],
    ['an unparseable URL', { url: '', parent: null }],
  ])('refuses %s', (_label, frame) => {
    expect(isTrustedSender(event(frame as Frame))).toBe(false);
  });

  it('refuses a sender whose frame is gone (navigated away or destroyed)', () => {
    expect(isTrustedSender(event(null))).toBe(false);
  });
});

describe('guardIpcHandler', () => {
  it('passes validated arguments to the handler and returns its answer', async () => {
    const handler = vi.fn(async (url: string) => ({ ok: true as const, url }));
    const guarded = guardIpcHandler(IPC_CHANNELS.testServerUrl, handler);
    await expect(guarded(event(appFrame), 'https://crm.example.com')).resolves.toEqual({
      ok: true,
      url: 'https://crm.example.com',
    });
    expect(handler).toHaveBeenCalledWith('https://crm.example.com');
  });

  it.each([
    ['no argument', []],
    ['a number', [42]],
    ['an object', [{ toString: () => 'https://crm.example.com' }]],
    ['an extra argument', ['https://crm.example.com', 'extra']],
    ['an absurdly long string', ['h'.repeat(5000)]],
  ])('refuses %s for a URL channel, without calling the handler', async (_label, args) => {
    const handler = vi.fn();
    const guarded = guardIpcHandler(IPC_CHANNELS.setServerUrl, handler);
    await expect(guarded(event(appFrame), ...args)).rejects.toThrow(/invalid arguments/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses arguments on channels that take none', async () => {
    const handler = vi.fn();
    const guarded = guardIpcHandler(IPC_CHANNELS.getSettings, handler);
    await expect(guarded(event(appFrame), 'unexpected')).rejects.toThrow(/invalid arguments/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('checks the sender before anything else', async () => {
    const handler = vi.fn();
    const guarded = guardIpcHandler(IPC_CHANNELS.getAppInfo, handler);
    await expect(guarded(event({ url: 'https://evil.example.com/', parent: null }))).rejects.toThrow(
      /sender is not the app/,
    );
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('registerIpcHandlers', () => {
  it('registers exactly the bridge’s six calls, each guarded', async () => {
    const registered = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
    const ipcMain = { handle: vi.fn((channel: string, listener) => registered.set(channel, listener)) };
    const handlers: BridgeHandlers = {
      getSettings: () => ({ serverUrl: 'https://crm.example.com' }),
      testServerUrl: async () => ({ ok: true }),
      setServerUrl: async () => ({ ok: false, message: 'nope' }),
      getAppInfo: () => ({ name: 'Lone Star Shine CRM', version: '1.0.0' }),
      showNotification: vi.fn(),
      setBadgeCount: vi.fn(),
    };
    registerIpcHandlers(ipcMain as never, handlers);

    expect([...registered.keys()].sort()).toEqual(
      [
        IPC_CHANNELS.getSettings,
        IPC_CHANNELS.testServerUrl,
        IPC_CHANNELS.setServerUrl,
        IPC_CHANNELS.getAppInfo,
        IPC_CHANNELS.showNotification,
        IPC_CHANNELS.setBadgeCount,
      ].sort(),
    );
    const notice = { title: 'New lead: Ann Lee', body: 'Deep cleaning', tag: 'new-lead-1' };
    await registered.get(IPC_CHANNELS.showNotification)?.(event(appFrame), notice);
    expect(handlers.showNotification).toHaveBeenCalledWith(notice);
    await registered.get(IPC_CHANNELS.setBadgeCount)?.(event(appFrame), 3);
    expect(handlers.setBadgeCount).toHaveBeenCalledWith(3);
    // What the page sends is checked: no extra fields, no negative or fractional count.
    await expect(
      registered.get(IPC_CHANNELS.showNotification)?.(event(appFrame), { ...notice, icon: 'file:///etc/passwd' }),
    ).rejects.toThrow(/invalid arguments/);
    await expect(registered.get(IPC_CHANNELS.setBadgeCount)?.(event(appFrame), -1)).rejects.toThrow(
      /invalid arguments/,
    );
    await expect(registered.get(IPC_CHANNELS.setBadgeCount)?.(event(appFrame), 1.5)).rejects.toThrow(
      /invalid arguments/,
    );
    await expect(registered.get(IPC_CHANNELS.getSettings)?.(event(appFrame))).resolves.toEqual({
      serverUrl: 'https://crm.example.com',
    });
    await expect(registered.get(IPC_CHANNELS.setServerUrl)?.(event(appFrame), 'x')).resolves.toEqual({
      ok: false,
      message: 'nope',
    });
    for (const listener of registered.values()) {
      await expect(listener(event({ url: 'https://evil.example.com/', parent: null }))).rejects.toThrow(/sender/);
    }
  });
});
