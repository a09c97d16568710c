import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server-rendered HTML and during hydration, true afterwards. Submit buttons stay
 * disabled until then: a form submitted before React attaches would fall back to a native submit.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
