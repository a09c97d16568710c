import { z } from 'zod';

// The only place the main process reads process.env (STYLE.md): parsed once, validated, typed.
const envSchema = z.object({
  /** Set by `electron-vite dev`: the Vite dev server of the renderer. */
  ELECTRON_RENDERER_URL: z.url({ protocol: /^http$/ }).optional(),
  /** A separate profile (settings, cookies) for tests and side-by-side debugging. */
  SHINE_DESKTOP_USER_DATA: z.string().min(1).optional(),
});

export interface DesktopEnv {
  rendererDevUrl: string | null;
  userDataDir: string | null;
}

/**
 * A packaged app ignores both variables: its renderer always comes from inside app.asar, and its
 * profile from the operating system's usual place, whatever the environment says.
 */
/** The desktop settings of this process's environment. */
export function loadDesktopEnv(isPackaged: boolean): DesktopEnv {
  return readDesktopEnv(process.env, isPackaged);
}

export function readDesktopEnv(env: NodeJS.ProcessEnv, isPackaged: boolean): DesktopEnv {
  if (isPackaged) return { rendererDevUrl: null, userDataDir: null };
  const parsed = envSchema.parse(env);
  return {
    rendererDevUrl: parsed.ELECTRON_RENDERER_URL ?? null,
    userDataDir: parsed.SHINE_DESKTOP_USER_DATA ?? null,
  };
}
