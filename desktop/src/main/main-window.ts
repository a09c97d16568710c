import { colors } from '@shine/design-tokens';
import { BrowserWindow, type Session, screen } from 'electron';
import { APP_ENTRY_URL, APP_NAME } from './app-identity.ts';
import type { SettingsStore } from './settings-store.ts';
import { buildSecureWebPreferences } from './web-preferences.ts';
import { MIN_WINDOW_SIZE, resolveInitialBounds, trackWindowState } from './window-state.ts';

export interface MainWindowOptions {
  store: SettingsStore;
  session: Session;
  preload: string;
  iconPath: string;
  isDevelopment: boolean;
}

/** Renderer crashes tolerated per minute before the app stops reloading and leaves the window as is. */
const MAX_CRASH_RELOADS_PER_MINUTE = 3;

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = resolveInitialBounds(
    options.store.get().window,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const win = new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : { center: true }),
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: APP_NAME,
    icon: options.iconPath,
    // Painted before the first frame, so the window is never a white flash, let alone blank.
    backgroundColor: colors.surfaceAlt,
    show: false,
    webPreferences: buildSecureWebPreferences({
      preload: options.preload,
      session: options.session,
      allowDevTools: options.isDevelopment,
    }),
  });

  trackWindowState(win, (state) => {
    options.store.update({ window: state }).catch((error: unknown) => console.warn('[window-state]', error));
  });

  win.once('ready-to-show', () => {
    if (bounds.isMaximized) win.maximize();
    win.show();
  });

  // A crashed renderer would leave a dead window: reload it, unless it keeps crashing.
  const crashes: number[] = [];
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - (crashes[0] ?? now) > 60_000) crashes.shift();
    console.error('[window] renderer gone:', details.reason);
    if (crashes.length <= MAX_CRASH_RELOADS_PER_MINUTE) win.webContents.reload();
  });

  void win.loadURL(APP_ENTRY_URL);
  return win;
}

export function focusWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}
