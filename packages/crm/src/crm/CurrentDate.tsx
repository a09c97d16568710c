import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** Today's date, e.g. "Monday, March 3, 2025"; it turns over at midnight. */
export function CurrentDate({ className }: { className?: string }) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className={className} dateTime={now.format('YYYY-MM-DD')}>
      {now.format('dddd, MMMM D, YYYY')}
    </time>
  );
}
