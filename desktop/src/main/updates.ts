import { readFileSync } from 'node:fs';
import path from 'node:path';

/** electron-builder writes this next to app.asar from the `publish` block of electron-builder.yml. */
export const UPDATE_CONFIG_FILE = 'app-update.yml';
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The feed URL of a packaged build, or null. `scripts/dist.ts` builds with a `.invalid` placeholder
 * (RFC 6761: never resolves) when no SHINE_UPDATE_URL was given, which reads as "not configured".
 */
export function readUpdateFeedUrl(resourcesPath: string): string | null {
  let text: string;
  try {
    text = readFileSync(path.join(resourcesPath, UPDATE_CONFIG_FILE), 'utf8');
  } catch {
    return null;
  }
  const match = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text);
  return match?.[1] ?? null;
}

/** Updates are code the app will run: only over HTTPS, and never from the placeholder. */
export function isUsableFeedUrl(feedUrl: string | null): boolean {
  if (!feedUrl) return false;
  try {
    const url = new URL(feedUrl);
    return url.protocol === 'https:' && !url.hostname.endsWith('.invalid') && url.hostname !== 'invalid';
  } catch {
    return false;
  }
}

export function shouldCheckForUpdates(isPackaged: boolean, feedUrl: string | null): boolean {
  return isPackaged && isUsableFeedUrl(feedUrl);
}

export interface Updater {
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Checks now and every few hours; electron-updater downloads in the background and installs on quit. */
export function startUpdateChecks(updater: Updater, intervalMs: number = UPDATE_CHECK_INTERVAL_MS): () => void {
  updater.on('error', (error) => console.warn('[updates]', error.message));
  const check = () => {
    updater.checkForUpdatesAndNotify().catch((error: unknown) => console.warn('[updates] check failed', error));
  };
  check();
  const timer = setInterval(check, intervalMs);
  return () => clearInterval(timer);
}
