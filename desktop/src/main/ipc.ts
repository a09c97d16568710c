import type { DesktopNotice, DesktopResult, DesktopSettings } from '../common/bridge.ts';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { IPC_CHANNELS, type IpcInvokeChannel } from '../common/ipc-channels.ts';
import { isAppOriginUrl } from './app-identity.ts';

export interface BridgeHandlers {
  getSettings(): DesktopSettings | Promise<DesktopSettings>;
  testServerUrl(url: string): Promise<DesktopResult>;
  setServerUrl(url: string): Promise<DesktopResult>;
  getAppInfo(): { name: string; version: string };
  showNotification(notice: DesktopNotice): void;
  setBadgeCount(count: number): void;
}

// Arguments arrive from the renderer, so each channel states exactly what it accepts: a tuple, so
// extra arguments are refused too. URLs are judged by parseServerUrl; this only bounds the input.
const serverUrlArgument = z.string().max(2048);
export const IPC_ARGUMENT_SCHEMAS = {
  [IPC_CHANNELS.getSettings]: z.tuple([]),
  [IPC_CHANNELS.testServerUrl]: z.tuple([serverUrlArgument]),
  [IPC_CHANNELS.setServerUrl]: z.tuple([serverUrlArgument]),
  [IPC_CHANNELS.getAppInfo]: z.tuple([]),
  [IPC_CHANNELS.showNotification]: z.tuple([
    z.strictObject({ title: z.string().max(200), body: z.string().max(500), tag: z.string().max(100) }),
  ]),
  [IPC_CHANNELS.setBadgeCount]: z.tuple([z.number().int().min(0).max(9_999)]),
} as const satisfies Record<IpcInvokeChannel, z.ZodType<unknown[]>>;

type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/**
 * Only the app's own top-level page may call the bridge: the sender frame must still exist, be a main
 * frame, and show a `shine://app` URL. A frame that navigated elsewhere, or any sub-frame, is refused.
 */
export function isTrustedSender(event: SenderEvent): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppOriginUrl(frame.url);
}

export class IpcRefusedError extends Error {
  constructor(channel: string, reason: string) {
    super(`${channel}: ${reason}`);
    this.name = 'IpcRefusedError';
  }
}

/** Wraps a handler with the sender check and the argument schema of its channel. */
export function guardIpcHandler<C extends IpcInvokeChannel>(
  channel: C,
  handler: (...args: z.infer<(typeof IPC_ARGUMENT_SCHEMAS)[C]>) => unknown,
): (event: SenderEvent, ...args: unknown[]) => Promise<unknown> {
  const schema = IPC_ARGUMENT_SCHEMAS[channel];
  return async (event, ...args) => {
    if (!isTrustedSender(event)) throw new IpcRefusedError(channel, 'sender is not the app');
    const parsed = schema.safeParse(args);
    if (!parsed.success) throw new IpcRefusedError(channel, 'invalid arguments');
    return (handler as (...values: unknown[]) => unknown)(...parsed.data);
  };
}

export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, handlers: BridgeHandlers): void {
  ipcMain.handle(
    IPC_CHANNELS.getSettings,
    guardIpcHandler(IPC_CHANNELS.getSettings, () => handlers.getSettings()),
  );
  ipcMain.handle(
    IPC_CHANNELS.testServerUrl,
    guardIpcHandler(IPC_CHANNELS.testServerUrl, (url) => handlers.testServerUrl(url)),
  );
  ipcMain.handle(
    IPC_CHANNELS.setServerUrl,
    guardIpcHandler(IPC_CHANNELS.setServerUrl, (url) => handlers.setServerUrl(url)),
  );
  ipcMain.handle(
    IPC_CHANNELS.getAppInfo,
    guardIpcHandler(IPC_CHANNELS.getAppInfo, () => handlers.getAppInfo()),
  );
  ipcMain.handle(
    IPC_CHANNELS.showNotification,
    guardIpcHandler(IPC_CHANNELS.showNotification, (notice) => handlers.showNotification(notice)),
  );
  ipcMain.handle(
    IPC_CHANNELS.setBadgeCount,
    guardIpcHandler(IPC_CHANNELS.setBadgeCount, (count) => handlers.setBadgeCount(count)),
  );
}
