import { MESSAGES } from '@shine/shared/messages';
import { leadOperations } from '@shine/shared/operations/leads';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryOptions } from '../api/client.ts';
import { formatDateTime } from '../format/date-time.ts';
import { leadPath } from '../navigation/index.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ACTIVITY_TYPE_LABELS } from './activity-labels.tsx';
import './activities.css';

/** GET /api/admin/activities?status=pending&page=: refreshed with every activity change (its key is under activitiesKey). */
export function usePendingActivities(page: number) {
  return useQuery(queryOptions(leadOperations.listActivities, { query: { status: 'pending', page } }));
}

/**
 * Every lead's pending activities, earliest due first: what the dashboard's Pending Tasks card counts
 * (its total is the card's figure), shown while no lead is picked.
 */
export function PendingActivities() {
  const [page, setPage] = useState(1);
  const list = usePendingActivities(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const now = Date.now();
  return (
    <Card title={`Pending activities${list.data ? ` (${list.data.total})` : ''}`} data-testid="pending-activities">
      <Typography.Paragraph className="muted">{MESSAGES.empty.selectLead}</Typography.Paragraph>
      {list.isError ? <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <LoadingSkeleton rows={5} /> : null}
      {list.data && list.data.total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Nothing is pending. Pick a lead to see its activities."
        />
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <ul className="pending-activities">
            {list.data.items.map((activity) => {
              const overdue =
                activity.type === 'task' && activity.scheduledAt !== null && Date.parse(activity.scheduledAt) < now;
              return (
                <li key={activity.id} className="pending-activity">
                  <Link to={leadPath(activity.leadId)}>{activity.leadName || 'Lead'}</Link>
                  <span>
                    {' '}
                    · {ACTIVITY_TYPE_LABELS[activity.type]}: {activity.subject}
                  </span>
                  <span className={overdue ? 'follow-up-overdue' : 'muted'}>
                    {' '}
                    · {activity.scheduledAt ? `due ${formatDateTime(activity.scheduledAt)}` : 'no due time'}
                    {overdue ? ' · Overdue' : ''}
                  </span>
                </li>
              );
            })}
          </ul>
          {pages > 1 ? (
            <div className="pending-activities-pages">
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
              <Typography.Text>
                Page {page} of {pages}
              </Typography.Text>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next page
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
