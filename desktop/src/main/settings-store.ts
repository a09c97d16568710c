import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isNormalisedServerUrl } from './server-url.ts';

export const SETTINGS_FILE_NAME = 'settings.json';

const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(100_000),
  height: z.number().int().min(200).max(100_000),
  isMaximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

// Each field falls back on its own (`.catch`), so a damaged window block never costs staff their server URL.
const settingsSchema = z.object({
  serverUrl: z
    .string()
    .refine(isNormalisedServerUrl)
    .nullable()
    .catch(() => null),
  window: windowStateSchema.nullable().catch(() => null),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = { serverUrl: null, window: null };

export interface SettingsStore {
  readonly filePath: string;
  get(): Settings;
  /** Applies `patch` in memory at once and writes the file (atomically, one write at a time). */
  update(patch: Partial<Settings>): Promise<Settings>;
  /** Resolves when every write started so far is on disk. */
  flush(): Promise<void>;
}

/**
 * Reads and validates the settings file. Missing → defaults. Unparseable → moved aside as
 * `settings.json.corrupt` (kept for whoever debugs it) and defaults returned: the app must start anyway.
 */
export function readSettingsFile(filePath: string): Settings {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_SETTINGS };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    moveAside(filePath);
    return { ...DEFAULT_SETTINGS };
  }
  const parsed = settingsSchema.safeParse(json);
  if (!parsed.success) {
    moveAside(filePath);
    return { ...DEFAULT_SETTINGS };
  }
  return parsed.data;
}

function moveAside(filePath: string): void {
  try {
    renameSync(filePath, `${filePath}.corrupt`);
  } catch {
    // Best effort: the next save overwrites it anyway.
  }
}

/**
 * Writes through a temporary file in the same directory, fsynced, then renamed over the target:
 * a crash or power cut leaves either the old file or the new one, never half of one.
 */
export async function writeFileAtomic(filePath: string, data: string): Promise<void> {
  const temporary = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, filePath);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createSettingsStore(directory: string): SettingsStore {
  const filePath = path.join(directory, SETTINGS_FILE_NAME);
  let current = readSettingsFile(filePath);
  let queue: Promise<void> = Promise.resolve();

  return {
    filePath,
    get: () => current,
    update(patch) {
      // Validate what goes in exactly as what comes out, so a bad value is refused here, not on next start.
      const next = settingsSchema.parse({ ...current, ...patch });
      for (const key of Object.keys(patch) as Array<keyof Settings>) {
        // The schema's fallbacks are for damaged files; a bad value from our own code is a bug, so say so.
        if (JSON.stringify(next[key]) !== JSON.stringify(patch[key])) throw new Error(`Invalid setting: ${key}`);
      }
      current = next;
      const snapshot = `${JSON.stringify(next, null, 2)}\n`;
      // Writes run one after another; each writes the snapshot taken when it was requested.
      const write = queue.then(() => writeFileAtomic(filePath, snapshot));
      queue = write.catch(() => undefined);
      return write.then(() => next);
    },
    flush: () => queue,
  };
}
