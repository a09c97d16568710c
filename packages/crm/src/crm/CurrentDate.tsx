import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/**
 * Today's date, e.g. "Monday, March 3, 2025" ("Mon, Mar 3, 2025" when `short`: a phone's header has
 * room for one line of it); it turns over at midnight.
 */
export function CurrentDate({ className, short }: { className?: string; short?: boolean }) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className={className} dateTime={now.format('YYYY-MM-DD')}>
      {now.format(short ? 'ddd, MMM D, YYYY' : 'dddd, MMMM D, YYYY')}
    </time>
  );
}
