import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type LeadDrawerTab, toLeadDrawerTab } from './lead-drawer-tabs.ts';
import { useLiveSearchParams } from './live-search-params.ts';

export interface LeadInAddress {
  /** The lead `?lead=` names, open in the drawer; undefined: none. */
  leadId: string | undefined;
  /** The drawer tab `?tab=` names (the details by default). */
  tab: LeadDrawerTab;
  open: (leadId: string, tab?: LeadDrawerTab) => void;
  close: () => void;
}

/**
 * The open lead lives in the address (`?lead={id}`, and `&tab=conversation`), so a link pasted to a
 * colleague opens it, a reload keeps it, and Back and Forward step through the leads opened and
 * closed. Opening and closing each add a step to the history; the section's other parameters (its
 * filters) are kept.
 */
export function useLeadInAddress(): LeadInAddress {
  const [searchParams, setSearchParams] = useSearchParams();
  const leadId = searchParams.get('lead') || undefined;
  const tab = toLeadDrawerTab(searchParams.get('tab'));
  const live = useLiveSearchParams();
  const open = useCallback(
    (id: string, nextTab: LeadDrawerTab = 'details') =>
      setSearchParams((current) => {
        const next = new URLSearchParams(live() ?? current);
        next.set('lead', id);
        if (nextTab === 'details') next.delete('tab');
        else next.set('tab', nextTab);
        return next;
      }),
    [setSearchParams, live],
  );
  const close = useCallback(
    () =>
      setSearchParams((current) => {
        const next = new URLSearchParams(live() ?? current);
        next.delete('lead');
        next.delete('tab');
        return next;
      }),
    [setSearchParams, live],
  );
  return { leadId, tab, open, close };
}
