import { isOverdue } from './lead-format.ts';
import { formatDate, formatDateTime } from '../format/date-time.ts';
import { useNow } from '../ui/use-now.ts';

/**
 * When to follow up, in the danger colour with "· Overdue" once past (a plain span: it is in every row).
 * Compact: the date alone on one line, the time in its title.
 */
export function FollowUpText({
  nextFollowUpAt,
  status,
  compact,
}: {
  nextFollowUpAt: string | null;
  status: string;
  compact?: boolean;
}) {
  const now = useNow();
  if (!nextFollowUpAt) return <span className="muted">—</span>;
  const overdue = isOverdue(nextFollowUpAt, status, now);
  const classes = [overdue ? 'follow-up-overdue' : '', compact ? 'lead-one-line' : ''].filter(Boolean).join(' ');
  return (
    <span className={classes || undefined} title={compact ? formatDateTime(nextFollowUpAt) : undefined}>
      {compact ? formatDate(nextFollowUpAt) : formatDateTime(nextFollowUpAt)}
      {overdue ? ' · Overdue' : ''}
    </span>
  );
}
