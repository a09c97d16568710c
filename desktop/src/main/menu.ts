import type { AboutPanelOptionsOptions, MenuItemConstructorOptions } from 'electron';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { APP_NAME } from './app-identity.ts';

export interface MenuOptions {
  isMac: boolean;
  /** Developer tools only while developing (see web-preferences.ts). */
  isDevelopment: boolean;
  openSettings: () => void;
  openWebsite: () => void;
}

/**
 * The application menu: the platform's usual roles (so copy/paste, zoom, full screen and window
 * shortcuts work), Reload, and Settings… which asks the renderer to open its Settings dialog.
 * On macOS Settings… lives in the app menu (Cmd+,), elsewhere in File (Ctrl+,).
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const settingsItem: MenuItemConstructorOptions = {
    id: 'settings',
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: () => options.openSettings(),
  };

  const appMenu: MenuItemConstructorOptions = {
    label: APP_NAME,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      settingsItem,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: options.isMac ? [{ role: 'close' }] : [settingsItem, { type: 'separator' }, { role: 'quit' }],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(options.isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { id: 'reload', role: 'reload' },
      { role: 'forceReload' },
      ...(options.isDevelopment ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: options.isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: `${DEFAULT_COMPANY.shortName} website`, click: () => options.openWebsite() },
      ...(options.isMac ? [] : [{ type: 'separator' } as const, { role: 'about' } as const]),
    ],
  };

  return [...(options.isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}

export function buildAboutPanelOptions(version: string, iconPath?: string): AboutPanelOptionsOptions {
  return {
    applicationName: APP_NAME,
    applicationVersion: version,
    version,
    copyright: `© ${new Date().getFullYear()} ${DEFAULT_COMPANY.name}`,
    credits: `The staff CRM of ${DEFAULT_COMPANY.name}, ${DEFAULT_COMPANY.city}, ${DEFAULT_COMPANY.region}.`,
    website: DEFAULT_COMPANY.externalUrl,
    ...(iconPath ? { iconPath } : {}),
  };
}
