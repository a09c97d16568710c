import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSkippingTooltipDelay, noteTooltipClosed, subscribeTooltipDelay } from './tooltip-delay.ts';

afterEach(() => vi.useRealTimers());

describe('tooltip skip delay', () => {
  it('skips the open delay for 300 ms after a tooltip closes', () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const unsubscribe = subscribeTooltipDelay(listener);
    expect(isSkippingTooltipDelay()).toBe(false);
    noteTooltipClosed();
    expect(isSkippingTooltipDelay()).toBe(true);
    vi.advanceTimersByTime(299);
    expect(isSkippingTooltipDelay()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isSkippingTooltipDelay()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
