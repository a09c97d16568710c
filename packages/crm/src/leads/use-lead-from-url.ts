import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Opens the lead named by `?lead=` (a new-lead alert's Open, a link), then takes the parameter out of
 * the address so that closing the drawer and going back does not open it again.
 */
export function useLeadFromUrl(open: (leadId: string) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const leadId = searchParams.get('lead');
  useEffect(() => {
    if (!leadId) return;
    open(leadId);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('lead');
        return next;
      },
      { replace: true },
    );
  }, [leadId, open, setSearchParams]);
}
