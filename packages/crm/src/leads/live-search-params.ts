import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The address's query as it is now, for a hook about to write it. React Router renders a navigation as
 * a transition, so the params a render holds can be older than the address: a term typed into the
 * search and written 300 ms later, just after a lead was opened (its drawer's chunk still loading),
 * was computed from the params before `?lead=` and closed the drawer again. In the browser the
 * address itself is current; under a router that keeps its address in memory (the unit tests) the
 * rendered params are all there is. Answers undefined there.
 */
export function useLiveSearchParams(): () => URLSearchParams | undefined {
  const { pathname } = useLocation();
  return useCallback(() => {
    if (typeof window === 'undefined' || !window.location.pathname.endsWith(pathname)) return undefined;
    return new URLSearchParams(window.location.search);
  }, [pathname]);
}
