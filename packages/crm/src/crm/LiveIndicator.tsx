import dayjs from 'dayjs';
import { useMetrics } from '../overview/reports.queries.ts';
import { Hint } from '../ui/Hint.tsx';

/** "Live" while polling succeeds; says so when the last poll failed. */
export function LiveIndicator() {
  const metrics = useMetrics();
  const offline = metrics.isError;
  const updated = metrics.dataUpdatedAt
    ? `Last updated ${dayjs(metrics.dataUpdatedAt).format('h:mm:ss A')}`
    : 'Connecting…';
  return (
    <Hint title={offline ? `Reconnecting: ${metrics.error.message}` : updated}>
      <span className={`live-indicator${offline ? ' live-indicator-offline' : ''}`} role="status">
        <span className="live-dot" aria-hidden="true" />
        {offline ? 'Offline' : 'Live'}
      </span>
    </Hint>
  );
}
