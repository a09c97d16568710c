import type { LiveStatus } from '../api/live-stream.ts';
import { POLL_INTERVAL_MS } from '../api/live.ts';
import { businessZoneLabel, formatTimeWithSeconds } from '../format/date-time.ts';
import { useShellCounts } from '../api/shell-counts.ts';
import { Hint } from '../ui/Hint.tsx';

const LABEL: Record<LiveStatus, string> = {
  connecting: 'Connecting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  polling: 'Polling',
};

/**
 * The live stream's real state: "Live" while it is open, "Reconnecting" while it is being restored,
 * "Polling" while the reads refresh on a timer instead, "Offline" when even those fail.
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  // The shell's counts are its own read that every change refreshes: how fresh they are is how fresh the CRM is.
  const counts = useShellCounts();
  const offline = counts.isError;
  const updated = counts.dataUpdatedAt
    ? `Last updated ${formatTimeWithSeconds(counts.dataUpdatedAt)} ${businessZoneLabel(new Date(counts.dataUpdatedAt))}`
    : '';
  const hint = offline
    ? `Reconnecting: ${counts.error.message}`
    : status === 'live'
      ? `Changes appear as they happen. ${updated}`
      : status === 'polling'
        ? `Live updates are unavailable; refreshing every ${POLL_INTERVAL_MS.leads / 1000} seconds. ${updated}`
        : `Restoring live updates; refreshing every ${POLL_INTERVAL_MS.leads / 1000} seconds meanwhile. ${updated}`;
  const tone = offline ? ' live-indicator-offline' : status === 'live' ? '' : ' live-indicator-degraded';
  return (
    <Hint title={hint.trim()}>
      <span className={`live-indicator${tone}`} role="status" data-live-status={offline ? 'offline' : status}>
        <span className="live-dot" aria-hidden="true" />
        <span className="live-label">{offline ? 'Offline' : LABEL[status]}</span>
      </span>
    </Hint>
  );
}
