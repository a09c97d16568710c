import path from 'node:path';
import { app, type BrowserWindow, ipcMain, Menu, Notification, protocol, type Session, session, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import iconPath from '../../build/icon.png?asset';
import { IPC_CHANNELS } from '../common/ipc-channels.ts';
import { createAppProtocolHandler, registerAppScheme } from './app-protocol.ts';
import { APP_ID, APP_NAME, APP_SCHEME, SESSION_PARTITION } from './app-identity.ts';
import { createBridgeHandlers } from './bridge-handlers.ts';
import { isAllowedDownload } from './downloads.ts';
import { loadDesktopEnv } from './env.ts';
import { openExternalSafely } from './external-links.ts';
import { registerIpcHandlers } from './ipc.ts';
import { createMainWindow, focusWindow } from './main-window.ts';
import { buildAboutPanelOptions, buildMenuTemplate } from './menu.ts';
import { applyNavigationPolicy } from './navigation-policy.ts';
import { applyPermissionPolicy } from './permissions.ts';
import type { FetchLike } from './server-health.ts';
import { createSettingsStore } from './settings-store.ts';
import { readUpdateFeedUrl, shouldCheckForUpdates, startUpdateChecks } from './updates.ts';
import { enableProcessSandbox } from './web-preferences.ts';
import { DEFAULT_COMPANY } from '@shine/shared/company';

/**
 * After a different server is saved, the window reloads so nothing of the previous server (cached
 * queries, its signed-in state) lingers; the pause lets the Settings dialog show that the save worked.
 */
const RELOAD_AFTER_SERVER_CHANGE_MS = 1_200;

// Everything up to `whenReady` runs while the main module is evaluated, i.e. before `ready`, which
// is when Electron requires schemes to be registered and the sandbox to be switched on.
const env = loadDesktopEnv(app.isPackaged);
if (env.userDataDir) app.setPath('userData', env.userDataDir);
registerAppScheme(protocol);
enableProcessSandbox(app);

if (app.requestSingleInstanceLock()) {
  startApp();
} else {
  // Another instance owns the profile; it gets our 'second-instance' event and comes to the front.
  app.quit();
}

function startApp(): void {
  const store = createSettingsStore(app.getPath('userData'));
  const isDevelopment = !app.isPackaged;
  let mainWindow: BrowserWindow | null = null;
  let appSession: Session | null = null;

  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

  app.on('second-instance', () => focusWindow(mainWindow));

  // Every web contents, not only the main window's: the policy cannot be forgotten on a new one.
  app.on('web-contents-created', (_event, contents) => {
    applyNavigationPolicy(contents, {
      openExternal: (url) => shell.openExternal(url),
      getContext: () => ({ serverUrl: store.get().serverUrl }),
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', () => {
    void store.flush();
    void appSession?.cookies.flushStore();
  });

  const sendToWindow = (channel: string) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel);
  };

  const openWindow = (ses: Session) => {
    mainWindow = createMainWindow({
      store,
      session: ses,
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      iconPath,
      isDevelopment,
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  app
    .whenReady()
    .then(() => {
      const ses = session.fromPartition(SESSION_PARTITION);
      appSession = ses;
      const sessionFetch: FetchLike = (input, init) => ses.fetch(input, init);

      applyPermissionPolicy(ses);
      ses.on('will-download', (event, item) => {
        if (!isAllowedDownload(item.getURL())) event.preventDefault();
      });

      ses.protocol.handle(
        APP_SCHEME,
        createAppProtocolHandler({
          rendererRoot: path.join(import.meta.dirname, '../renderer'),
          getServerUrl: () => store.get().serverUrl,
          fetch: sessionFetch,
          devServerUrl: env.rendererDevUrl,
          onUnreachable: () => sendToWindow(IPC_CHANNELS.serverUnreachable),
        }),
      );

      registerIpcHandlers(
        ipcMain,
        createBridgeHandlers({
          store,
          fetch: sessionFetch,
          appInfo: { name: APP_NAME, version: app.getVersion() },
          onServerChanged: () => {
            setTimeout(() => mainWindow?.webContents.reload(), RELOAD_AFTER_SERVER_CHANGE_MS);
          },
          notifications: {
            isSupported: () => Notification.isSupported(),
            show: (notice, onClick) => {
              const shown = new Notification({ title: notice.title, body: notice.body, icon: iconPath });
              shown.on('click', onClick);
              shown.show();
            },
            // Linux shows it on Unity launchers only; macOS and Windows on the dock and taskbar.
            setBadgeCount: (count) => app.setBadgeCount(count),
            opened: (tag) => {
              focusWindow(mainWindow);
              if (mainWindow && !mainWindow.isDestroyed()) {
                mainWindow.webContents.send(IPC_CHANNELS.notificationClicked, tag);
              }
            },
          },
        }),
      );

      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          buildMenuTemplate({
            isMac: process.platform === 'darwin',
            isDevelopment,
            openSettings: () => {
              focusWindow(mainWindow);
              sendToWindow(IPC_CHANNELS.openSettings);
            },
            openWebsite: () => openExternalSafely((url) => shell.openExternal(url), DEFAULT_COMPANY.externalUrl),
          }),
        ),
      );
      app.setAboutPanelOptions(buildAboutPanelOptions(app.getVersion(), iconPath));

      openWindow(ses);
      app.on('activate', () => {
        if (mainWindow === null) openWindow(ses);
        else focusWindow(mainWindow);
      });

      if (shouldCheckForUpdates(app.isPackaged, readUpdateFeedUrl(process.resourcesPath))) {
        startUpdateChecks(autoUpdater);
      }
    })
    .catch((error: unknown) => {
      console.error('[main] start-up failed', error);
      app.exit(1);
    });
}
