import { createContext, useContext } from 'react';

/**
 * True where reads poll and refetch on focus (docs/requirements.md#crm-data): the sidebar CRM while its
 * live stream is down (api/live-stream.ts); while the stream is live, its events refresh the reads.
 * The tabbed dashboard reads once.
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
