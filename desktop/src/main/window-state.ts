import type { BrowserWindow, Rectangle } from 'electron';
import type { WindowState } from './settings-store.ts';

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;
export const SAVE_DELAY_MS = 500;

/** How much of the window's top strip must be on a screen for the saved position to be usable. */
const VISIBLE_STRIP = { width: 120, height: 40 } as const;

export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  isMaximized: boolean;
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * The bounds to open with. A saved position is kept only while enough of the title bar lies on one
 * of today's screens (monitors get unplugged); otherwise the window opens centred. Sizes are clamped
 * to the minimum and to the largest screen.
 */
export function resolveInitialBounds(saved: WindowState | null, workAreas: readonly Rectangle[]): InitialBounds {
  const largest = workAreas.reduce(
    (max, area) => ({ width: Math.max(max.width, area.width), height: Math.max(max.height, area.height) }),
    { width: 0, height: 0 },
  );
  const clampSize = (value: number, min: number, max: number) => Math.max(min, max > 0 ? Math.min(value, max) : value);
  const width = clampSize(saved?.width ?? DEFAULT_WINDOW_SIZE.width, MIN_WINDOW_SIZE.width, largest.width);
  const height = clampSize(saved?.height ?? DEFAULT_WINDOW_SIZE.height, MIN_WINDOW_SIZE.height, largest.height);
  const isMaximized = saved?.isMaximized ?? false;

  if (saved?.x === undefined || saved.y === undefined) return { width, height, isMaximized };
  const titleStrip = { x: saved.x, y: saved.y, width, height: VISIBLE_STRIP.height };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleStrip, area);
    return shared.width >= VISIBLE_STRIP.width && shared.height >= VISIBLE_STRIP.height / 2;
  });
  return visible ? { x: saved.x, y: saved.y, width, height, isMaximized } : { width, height, isMaximized };
}

type TrackedWindow = Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized' | 'isMinimized' | 'isFullScreen'>;

export function readWindowState(win: TrackedWindow): WindowState {
  // Normal bounds: a maximised window remembers the size it restores to, not the screen's.
  const bounds = win.getNormalBounds();
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    isMaximized: win.isMaximized(),
  };
}

/**
 * Saves the window's bounds after it stops moving or resizing (debounced: a drag fires dozens of
 * events a second), and once more, immediately, when it closes.
 */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  delayMs: number = SAVE_DELAY_MS,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    timer = undefined;
    // A minimised or full-screen window has no bounds worth restoring next time.
    if (win.isMinimized() || win.isFullScreen()) return;
    save(readWindowState(win));
  };
  const saveLater = () => {
    clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  };
  win.on('resize', saveLater);
  win.on('move', saveLater);
  win.on('maximize', saveLater);
  win.on('unmaximize', saveLater);
  win.on('close', saveNow);
}
