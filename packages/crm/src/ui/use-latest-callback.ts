import { useCallback, useLayoutEffect, useRef } from 'react';

/** `callback` under one identity for the component's life, always calling the latest one given. */
export function useLatestCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
