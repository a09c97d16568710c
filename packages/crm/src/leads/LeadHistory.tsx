import { AuditOutlined } from '@ant-design/icons';
import { Empty, Timeline, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { AuditChanges, useLeadHistory, describeAuditEntry } from '../audit/index.ts';
import { formatDateTime } from '../format/date-time.ts';
import { useIsAdmin } from '../session/current-user.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { sectionPath } from '../navigation/index.ts';

/**
 * The lead's part of the audit trail, newest first: who changed its status, assignee and fields, and
 * when. Its own list beside the activity timeline: activities are what staff did with the customer,
 * this is what happened to the record.
 */
export function LeadHistory({ leadId }: { leadId: string }) {
  const history = useLeadHistory(leadId);
  const isAdmin = useIsAdmin();
  return (
    <section className="section-stack" aria-labelledby="lead-history-title">
      <div className="drawer-activity-head">
        <Typography.Title level={2} className="drawer-subtitle" id="lead-history-title">
          History
        </Typography.Title>
        {isAdmin ? (
          <ButtonLink to={sectionPath('audit', { leadId })} icon={<AuditOutlined aria-hidden="true" />}>
            See in audit
          </ButtonLink>
        ) : null}
      </div>
      {history.isPending ? <LoadingSkeleton rows={2} /> : null}
      {history.isError ? <QueryErrorAlert error={history.error} onRetry={() => void history.refetch()} /> : null}
      {history.data && history.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes recorded yet." />
      ) : null}
      {history.data && history.data.items.length > 0 ? (
        <Timeline
          className="lead-history"
          items={history.data.items.map((entry) => ({
            key: entry.id,
            color: 'gray',
            content: (
              <div>
                <div>{describeAuditEntry(entry)}</div>
                <AuditChanges entry={entry} />
                <div className="muted">{formatDateTime(entry.at)}</div>
              </div>
            ),
          }))}
        />
      ) : null}
    </section>
  );
}
