import type { App, Session, WebPreferences } from 'electron';

export interface SecureWebPreferencesOptions {
  preload: string;
  session: Session;
  /** DevTools only in development: a packaged app gives staff no console to paste code into. */
  allowDevTools: boolean;
}

/**
 * Electron's security checklist, as the window's web preferences. Every value is spelled out, even
 * where it matches today's default, so a future default change cannot loosen the app silently.
 */
export function buildSecureWebPreferences(options: SecureWebPreferencesOptions): WebPreferences {
  return {
    preload: options.preload,
    session: options.session,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.allowDevTools,
    spellcheck: true,
  };
}

/** Sandboxes every renderer the app ever creates, whatever its web preferences say. Call before `ready`. */
export function enableProcessSandbox(app: Pick<App, 'enableSandbox'>): void {
  app.enableSandbox();
}
