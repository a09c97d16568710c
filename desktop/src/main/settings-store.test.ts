import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSettingsStore,
  DEFAULT_SETTINGS,
  readSettingsFile,
  SETTINGS_FILE_NAME,
  writeFileAtomic,
} from './settings-store.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shine-settings-'));
  file = path.join(dir, SETTINGS_FILE_NAME);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const WINDOW = { x: 10, y: 20, width: 1200, height: 800, isMaximized: false };

describe('readSettingsFile', () => {
  it('returns the defaults when there is no file yet (first run)', () => {
    expect(readSettingsFile(file)).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a valid file', () => {
    writeFileSync(file, JSON.stringify({ serverUrl: 'https://crm.example.com', window: WINDOW }));
    expect(readSettingsFile(file)).toEqual({ serverUrl: 'https://crm.example.com', window: WINDOW });
  });

  it('drops a field that fails validation and keeps the rest', () => {
    writeFileSync(file, JSON.stringify({ serverUrl: 'https://crm.example.com', window: { width: 'huge' } }));
    expect(readSettingsFile(file)).toEqual({ serverUrl: 'https://crm.example.com', window: null });
    writeFileSync(file, JSON.stringify({ serverUrl: 'ftp://evil.example.com', window: WINDOW }));
    expect(readSettingsFile(file)).toEqual({ serverUrl: null, window: WINDOW });
  });

  it('refuses a server URL that is not in normalised form (a hand-edited file cannot smuggle in a path)', () => {
    writeFileSync(file, JSON.stringify({ serverUrl: 'https://crm.example.com/evil', window: null }));
    expect(readSettingsFile(file).serverUrl).toBeNull();
  });

  it('moves an unparseable file aside and starts from the defaults', () => {
    writeFileSync(file, '{"serverUrl": "https://crm.exa');
    expect(readSettingsFile(file)).toEqual(DEFAULT_SETTINGS);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(`${file}.corrupt`, 'utf8')).toBe('{"serverUrl": "https://crm.exa');
  });

  it('treats a JSON value of the wrong shape as corrupt', () => {
    writeFileSync(file, '[1, 2, 3]');
    expect(readSettingsFile(file)).toEqual(DEFAULT_SETTINGS);
    expect(existsSync(`${file}.corrupt`)).toBe(true);
  });
});

describe('createSettingsStore', () => {
  it('persists updates across instances (what a restart does)', async () => {
    const store = createSettingsStore(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    await store.update({ serverUrl: 'https://crm.example.com' });
    await store.update({ window: WINDOW });
    expect(createSettingsStore(dir).get()).toEqual({ serverUrl: 'https://crm.example.com', window: WINDOW });
  });

  it('applies an update in memory at once, before the write finishes', () => {
    const store = createSettingsStore(dir);
    const pending = store.update({ serverUrl: 'https://crm.example.com' });
    expect(store.get().serverUrl).toBe('https://crm.example.com');
    return pending;
  });

  it('keeps the last of many quick updates, and leaves no temporary files behind', async () => {
    const store = createSettingsStore(dir);
    const writes = Array.from({ length: 20 }, (_, i) => store.update({ window: { ...WINDOW, x: i } }));
    await Promise.all(writes);
    await store.flush();
    expect(JSON.parse(readFileSync(file, 'utf8')).window.x).toBe(19);
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE_NAME]);
  });

  it('refuses values the schema would not read back', () => {
    const store = createSettingsStore(dir);
    expect(() => store.update({ serverUrl: 'https://crm.example.com/' })).toThrow(/Invalid setting: serverUrl/);
    expect(() => store.update({ window: { ...WINDOW, width: 10 } })).toThrow(/Invalid setting: window/);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole', async () => {
    writeFileSync(file, 'old');
    await writeFileAtomic(file, 'new contents');
    expect(readFileSync(file, 'utf8')).toBe('new contents');
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE_NAME]);
  });

  it('leaves the old file and no temporary file when the write fails', async () => {
    writeFileSync(file, 'old');
    // Renaming a file over a directory fails, after the temporary file was written.
    const target = path.join(dir, 'a-directory');
    mkdirSync(path.join(target, 'child'), { recursive: true });
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['a-directory', SETTINGS_FILE_NAME]);
  });
});
