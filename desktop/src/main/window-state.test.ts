import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, resolveInitialBounds, trackWindowState } from './window-state.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('resolveInitialBounds', () => {
  it('opens centred at the default size the first time', () => {
    expect(resolveInitialBounds(null, [laptop])).toEqual({ ...DEFAULT_WINDOW_SIZE, isMaximized: false });
  });

  it('restores a saved position and size that are on screen', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, isMaximized: true };
    expect(resolveInitialBounds(saved, [laptop, external])).toEqual(saved);
  });

  it('forgets the position when its screen is gone (monitor unplugged), keeping the size', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800, isMaximized: false };
    expect(resolveInitialBounds(saved, [laptop])).toEqual({ width: 1200, height: 800, isMaximized: false });
  });

  it('forgets a position whose title bar is off screen', () => {
    expect(
      resolveInitialBounds({ x: 100, y: -500, width: 1200, height: 800, isMaximized: false }, [laptop]),
    ).not.toHaveProperty('x');
    expect(
      resolveInitialBounds({ x: 1400, y: 10, width: 1200, height: 800, isMaximized: false }, [laptop]),
    ).not.toHaveProperty('x');
  });

  it('clamps sizes to the minimum and to the largest screen', () => {
    expect(resolveInitialBounds({ width: 300, height: 200, isMaximized: false }, [laptop])).toMatchObject(
      MIN_WINDOW_SIZE,
    );
    expect(resolveInitialBounds({ width: 5000, height: 3000, isMaximized: false }, [laptop])).toMatchObject({
      width: 1440,
      height: 875,
    });
  });
});

function fakeWindow() {
  const emitter = new EventEmitter();
  const state = {
    bounds: { x: 10, y: 20, width: 1200, height: 800 },
    maximized: false,
    minimized: false,
    fullScreen: false,
  };
  const win = {
    on: (event: string, listener: () => void) => {
      emitter.on(event, listener);
      return win;
    },
    getNormalBounds: () => state.bounds,
    isMaximized: () => state.maximized,
    isMinimized: () => state.minimized,
    isFullScreen: () => state.fullScreen,
  };
  return { win, state, emit: (event: string) => emitter.emit(event) };
}

describe('trackWindowState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, after a burst of moves and resizes has settled', () => {
    const { win, state, emit } = fakeWindow();
    const save = vi.fn();
    trackWindowState(win as never, save, 500);
    for (let i = 0; i < 30; i++) {
      state.bounds = { ...state.bounds, x: 10 + i };
      emit(i % 2 ? 'move' : 'resize');
      vi.advanceTimersByTime(50);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledOnce();
    expect(save).toHaveBeenCalledWith({ x: 39, y: 20, width: 1200, height: 800, isMaximized: false });
  });

  it('remembers maximised with the size it restores to', () => {
    const { win, state, emit } = fakeWindow();
    const save = vi.fn();
    trackWindowState(win as never, save, 500);
    state.maximized = true;
    emit('maximize');
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledWith({ x: 10, y: 20, width: 1200, height: 800, isMaximized: true });
  });

  it('saves immediately on close, cancelling the pending save', () => {
    const { win, emit } = fakeWindow();
    const save = vi.fn();
    trackWindowState(win as never, save, 500);
    emit('move');
    emit('close');
    expect(save).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledOnce();
  });

  it('does not record a minimised or full-screen window', () => {
    const { win, state, emit } = fakeWindow();
    const save = vi.fn();
    trackWindowState(win as never, save, 500);
    state.minimized = true;
    emit('close');
    state.minimized = false;
    state.fullScreen = true;
    emit('resize');
    vi.advanceTimersByTime(500);
    expect(save).not.toHaveBeenCalled();
  });
});
