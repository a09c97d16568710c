import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertQueue, MAX_WAIT_MS, QUEUE_CHECK_MS } from './alert-queue.ts';

const summarize = (alerts: string[]) => alerts.join(' + ');

describe('createAlertQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows at once when no toast is on screen', () => {
    const shown: string[] = [];
    const queue = createAlertQueue({ isBusy: () => false, show: (a: string) => shown.push(a), summarize });
    queue.push('Ann');
    expect(shown).toEqual(['Ann']);
  });

  it('never takes the slot from a toast on screen: waits, then shows one alert, or one summary of several', () => {
    let busy = true;
    const shown: string[] = [];
    const queue = createAlertQueue({ isBusy: () => busy, show: (a: string) => shown.push(a), summarize });
    queue.push('Ann');
    vi.advanceTimersByTime(QUEUE_CHECK_MS * 5);
    expect(shown).toEqual([]);
    busy = false; // the action's toast went away
    vi.advanceTimersByTime(QUEUE_CHECK_MS);
    expect(shown).toEqual(['Ann']);
    busy = true;
    queue.push('Bo');
    queue.push('Cy');
    busy = false;
    vi.advanceTimersByTime(QUEUE_CHECK_MS);
    expect(shown).toEqual(['Ann', 'Bo + Cy']);
  });

  it('drops an alert that waited too long, and stops cleanly', () => {
    let busy = true;
    const shown: string[] = [];
    const queue = createAlertQueue({ isBusy: () => busy, show: (a: string) => shown.push(a), summarize });
    queue.push('Old');
    vi.advanceTimersByTime(MAX_WAIT_MS + QUEUE_CHECK_MS);
    queue.push('New');
    busy = false;
    vi.advanceTimersByTime(QUEUE_CHECK_MS * 2);
    expect(shown).toEqual(['New']);
    busy = true;
    queue.push('Later');
    queue.stop();
    busy = false;
    vi.advanceTimersByTime(QUEUE_CHECK_MS * 2);
    expect(shown).toEqual(['New']);
  });
});
