import { createContext, useContext } from 'react';

/**
 * True inside the sidebar CRM, which polls its reads and refetches them on focus (docs/requirements.md#crm-data);
 * the tabbed dashboard reads once.
 */
export const LiveContext = createContext(false);

export function useLive(): boolean {
  return useContext(LiveContext);
}

/** How often the sidebar CRM polls each read, in milliseconds. */
export const POLL_INTERVAL_MS = { leads: 10_000, stats: 15_000, metrics: 15_000 } as const;

/** Query options for a read the sidebar CRM polls every `intervalMs`. */
export function livePolling(live: boolean, intervalMs: number) {
  return {
    refetchInterval: live ? intervalMs : (false as const),
    // staleTime is Infinity, so focus refetch must be 'always' to happen at all.
    refetchOnWindowFocus: live ? ('always' as const) : false,
  };
}
