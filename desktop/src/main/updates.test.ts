import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUsableFeedUrl, readUpdateFeedUrl, shouldCheckForUpdates, startUpdateChecks } from './updates.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shine-updates-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readUpdateFeedUrl', () => {
  it('reads the url electron-builder wrote into app-update.yml', () => {
    writeFileSync(
      path.join(dir, 'app-update.yml'),
      'provider: generic\nurl: https://updates.lonestarshine.example.com/crm\nupdaterCacheDirName: lone-star-shine-crm-updater\n',
    );
    expect(readUpdateFeedUrl(dir)).toBe('https://updates.lonestarshine.example.com/crm');
    writeFileSync(path.join(dir, 'app-update.yml'), "provider: generic\nurl: 'https://u.example.com/x'\n");
    expect(readUpdateFeedUrl(dir)).toBe('https://u.example.com/x');
  });

  it('is null without the file (development, or a build without publishing)', () => {
    expect(readUpdateFeedUrl(dir)).toBeNull();
  });
});

describe('shouldCheckForUpdates', () => {
  it('checks only a packaged app with a real HTTPS feed', () => {
    expect(shouldCheckForUpdates(true, 'https://updates.lonestarshine.example.com/crm')).toBe(true);
    expect(shouldCheckForUpdates(false, 'https://updates.lonestarshine.example.com/crm')).toBe(false);
    expect(shouldCheckForUpdates(true, null)).toBe(false);
    expect(shouldCheckForUpdates(true, 'https://updates.invalid/lone-star-shine-crm')).toBe(false);
    expect(shouldCheckForUpdates(true, 'http://updates.lonestarshine.example.com/crm')).toBe(false);
  });

  it('rejects things that are not URLs', () => {
    // The unexpanded electron-builder macro, should a build ever ship it.
    expect(isUsableFeedUrl(['$', '{env.SHINE_UPDATE_URL}'].join(''))).toBe(false);
    expect(isUsableFeedUrl('')).toBe(false);
  });
});

describe('startUpdateChecks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks at once and then on an interval, and survives a failed check', async () => {
    const updater = { checkForUpdatesAndNotify: vi.fn(async () => null), on: vi.fn() };
    updater.checkForUpdatesAndNotify.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startUpdateChecks(updater, 1000);
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1);
    expect(updater.on).toHaveBeenCalledWith('error', expect.any(Function));
    await vi.advanceTimersByTimeAsync(2000);
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(3);
  });
});
