import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../session/current-user.ts';
import { leadViewQuery } from './lead-view-params.ts';

/**
 * The view last shown per person, for as long as the page lives. In memory, not in storage: a
 * reload keeps the view through the address anyway, and an address typed or opened afresh shows
 * what it says rather than what an earlier visit left behind.
 */
const lastViews = new Map<string, string>();

/**
 * Keeps the leads view across sections: the sidebar's links carry only the section's path, so arriving at
 * Leads with no view in the address brings back the one this person last had. It replaces the
 * address rather than adding a step, so Back still goes to the section before.
 */
export function useRememberedLeadView(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = useCurrentUser()?.id;
  const query = leadViewQuery(searchParams);
  const checked = useRef(false);

  // Before paint, so the unfiltered list never flashes in between.
  useLayoutEffect(() => {
    if (checked.current || !userId) return;
    checked.current = true;
    const saved = lastViews.get(userId);
    if (query || !saved) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of new URLSearchParams(saved)) next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }, [userId, query, setSearchParams]);

  useEffect(() => {
    if (!userId || !checked.current) return;
    if (query) lastViews.set(userId, query);
    else lastViews.delete(userId);
  }, [userId, query]);
}
