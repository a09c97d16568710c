import { isOverdue } from './lead-format.ts';
import { formatDateTime } from '../format/date-time.ts';
import { useNow } from '../ui/use-now.ts';

/** When to follow up, in the danger colour with "· Overdue" once past (a plain span: it is in every row). */
export function FollowUpText({ nextFollowUpAt, status }: { nextFollowUpAt: string | null; status: string }) {
  const now = useNow();
  if (!nextFollowUpAt) return <span className="muted">—</span>;
  const overdue = isOverdue(nextFollowUpAt, status, now);
  return (
    <span className={overdue ? 'follow-up-overdue' : undefined}>
      {formatDateTime(nextFollowUpAt)}
      {overdue ? ' · Overdue' : ''}
    </span>
  );
}
