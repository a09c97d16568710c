import { useEffect, useState } from 'react';
import { businessDateOf, businessZoneLabel, formatLongDate } from '../format/date-time.ts';

/**
 * Today's date where the business is, e.g. "Monday, March 3, 2025 (CT)" ("Mon, Mar 3, 2025 (CT)" when
 * `short`: a phone's header has room for one line of it); it turns over at the business's midnight, and
 * says the zone, as a person in another zone may be a day ahead or behind.
 */
export function CurrentDate({ className, short }: { className?: string; short?: boolean }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className={className} data-testid="crm-current-date">
      <time dateTime={businessDateOf(now)}>{formatLongDate(now, short)}</time> ({businessZoneLabel(now)})
    </span>
  );
}
