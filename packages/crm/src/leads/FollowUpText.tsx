import { Typography } from 'antd';
import { isOverdue } from './lead-format.ts';
import { formatDateTime } from '../format/date-time.ts';

export function FollowUpText({ nextFollowUpAt, status }: { nextFollowUpAt: string | null; status: string }) {
  if (!nextFollowUpAt) return <span className="muted">—</span>;
  const overdue = isOverdue(nextFollowUpAt, status);
  return (
    <Typography.Text type={overdue ? 'danger' : undefined}>
      {formatDateTime(nextFollowUpAt)}
      {overdue ? ' · Overdue' : ''}
    </Typography.Text>
  );
}
