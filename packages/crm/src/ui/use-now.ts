import { useMemo, useSyncExternalStore } from 'react';

/** How often the time-dependent labels ("Overdue", "Not contacted") look at the clock again. */
export const NOW_TICK_MS = 15_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

// The time in whole ticks: the same value for every call within a tick, as useSyncExternalStore needs.
const currentTick = () => Math.floor(Date.now() / NOW_TICK_MS) * NOW_TICK_MS;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const each of listeners) each();
  }, NOW_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
  };
}

/**
 * The current time to within NOW_TICK_MS, shared by every label that depends on it, through one timer.
 * A label in a table row then renders again when the time moves on, not whenever the table does
 * (its cells skip unchanged leads: LeadsTable.tsx).
 */
export function useNow(): Date {
  const tick = useSyncExternalStore(subscribe, currentTick, currentTick);
  return useMemo(() => new Date(tick), [tick]);
}
