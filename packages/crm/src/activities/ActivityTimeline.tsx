import { CALL_OUTCOME_LABELS } from '@shine/shared/activities';
import { MESSAGES } from '@shine/shared/messages';
import type { Activity } from '@shine/shared/types';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { formatDateTime } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import {
  ACTIVITY_STATUS_COLORS,
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPE_ICONS,
  ACTIVITY_TYPE_LABELS,
  CALL_OUTCOME_COLORS,
} from './activity-labels.tsx';
import { useLeadActivities } from './activities.hooks.ts';
import { ToneTag } from '../ui/ToneTag.tsx';

/** A lead's activities, newest first. */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const activities = useLeadActivities(leadId);
  if (activities.isPending) return <LoadingSkeleton rows={4} />;
  if (activities.isError) return <QueryErrorAlert error={activities.error} onRetry={() => void activities.refetch()} />;
  if (activities.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.empty.activities} />;
  }
  const sorted = [...activities.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Timeline
      className="activity-timeline"
      items={sorted.map((activity: Activity) => ({
        key: activity.id,
        icon: <span aria-hidden="true">{ACTIVITY_TYPE_ICONS[activity.type]}</span>,
        color: activity.status === 'completed' ? 'green' : activity.status === 'cancelled' ? 'gray' : 'blue',
        content: (
          <article className="activity-item" aria-label={`${ACTIVITY_TYPE_LABELS[activity.type]}: ${activity.subject}`}>
            <div className="activity-item-head">
              <Typography.Text strong>{activity.subject}</Typography.Text>
              <Tag>{ACTIVITY_TYPE_LABELS[activity.type]}</Tag>
              {activity.outcome ? (
                <ToneTag color={CALL_OUTCOME_COLORS[activity.outcome]}>{CALL_OUTCOME_LABELS[activity.outcome]}</ToneTag>
              ) : null}
              <ToneTag color={ACTIVITY_STATUS_COLORS[activity.status]}>
                {ACTIVITY_STATUS_LABELS[activity.status]}
              </ToneTag>
            </div>
            {activity.description ? (
              <Typography.Paragraph className="activity-description">{activity.description}</Typography.Paragraph>
            ) : null}
            <div className="muted activity-dates">
              {activity.scheduledAt ? <span>Scheduled {formatDateTime(activity.scheduledAt)}</span> : null}
              {activity.completedAt ? <span>Completed {formatDateTime(activity.completedAt)}</span> : null}
              <span>
                Logged {formatDateTime(activity.createdAt)} by {activity.author.name}
              </span>
            </div>
          </article>
        ),
      }))}
    />
  );
}
