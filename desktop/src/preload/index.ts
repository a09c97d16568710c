import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_BRIDGE_KEY, type ShineDesktopBridge } from '../common/bridge.ts';
import { IPC_CHANNELS } from '../common/ipc-channels.ts';

/**
 * Subscribes to a main → renderer event. The listener gets no arguments: the IpcRendererEvent (which
 * carries `sender`, i.e. ipcRenderer itself) must never reach the page.
 */
function subscribe(channel: string, listener: () => void): () => void {
  const wrapped = () => listener();
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

/** A main → renderer event with one text argument (a notification's tag); anything else is dropped. */
function subscribeText(channel: string, listener: (text: string) => void): () => void {
  const wrapped = (_event: unknown, text: unknown) => {
    if (typeof text === 'string') listener(text);
  };
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

/**
 * The whole surface the page gets: a few named calls, each one fixed IPC channel. No generic
 * `invoke(channel, ...)`, no Node, no Electron objects; arguments are checked again in the main process.
 */
const shineDesktop: ShineDesktopBridge = {
  getSettings: () => ipcRenderer.invoke(IPC_CHANNELS.getSettings),
  testServerUrl: (url) => ipcRenderer.invoke(IPC_CHANNELS.testServerUrl, url),
  setServerUrl: (url) => ipcRenderer.invoke(IPC_CHANNELS.setServerUrl, url),
  getAppInfo: () => ipcRenderer.invoke(IPC_CHANNELS.getAppInfo),
  onOpenSettings: (listener) => subscribe(IPC_CHANNELS.openSettings, listener),
  onServerUnreachable: (listener) => subscribe(IPC_CHANNELS.serverUnreachable, listener),
  showNotification: (notice) => ipcRenderer.invoke(IPC_CHANNELS.showNotification, notice),
  setBadgeCount: (count) => ipcRenderer.invoke(IPC_CHANNELS.setBadgeCount, count),
  onNotificationClick: (listener) => subscribeText(IPC_CHANNELS.notificationClicked, listener),
};

contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_KEY, shineDesktop);
