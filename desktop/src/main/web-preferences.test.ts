import { describe, expect, it, vi } from 'vitest';
import { buildSecureWebPreferences, enableProcessSandbox } from './web-preferences.ts';

describe('buildSecureWebPreferences', () => {
  const session = { id: 'persist:shine' } as never;
  const prefs = buildSecureWebPreferences({ preload: '/app/out/preload/index.cjs', session, allowDevTools: false });

  it('isolates the page from the preload and Node, and sandboxes it', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps the web platform’s own protections on', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.enableBlinkFeatures).toBe('');
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('uses the given preload and the app’s persistent session', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(prefs.session).toBe(session);
  });

  it('offers DevTools only when asked (development)', () => {
    expect(prefs.devTools).toBe(false);
    expect(buildSecureWebPreferences({ preload: 'p', session, allowDevTools: true }).devTools).toBe(true);
  });
});

describe('enableProcessSandbox', () => {
  it('switches the sandbox on for every renderer', () => {
    const app = { enableSandbox: vi.fn() };
    enableProcessSandbox(app);
    expect(app.enableSandbox).toHaveBeenCalledOnce();
  });
});
