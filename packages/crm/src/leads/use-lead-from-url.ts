import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type LeadDrawerTab, toLeadDrawerTab } from './lead-drawer-tabs.ts';

/**
 * Opens the lead named by `?lead=` (a new-lead alert's Open, an Inbox entry, a link) on the drawer tab
 * `?tab=` names (the details by default), then takes both parameters out of the address so that
 * closing the drawer and going back does not open it again.
 */
export function useLeadFromUrl(open: (leadId: string, tab: LeadDrawerTab) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const leadId = searchParams.get('lead');
  const tab = toLeadDrawerTab(searchParams.get('tab'));
  useEffect(() => {
    if (!leadId) return;
    open(leadId, tab);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('lead');
        next.delete('tab');
        return next;
      },
      { replace: true },
    );
  }, [leadId, tab, open, setSearchParams]);
}
