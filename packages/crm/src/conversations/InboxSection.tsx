import type { InboxEntry } from '@shine/shared/responses/conversations';
import { Button, Card, Empty, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { leadPath } from '../navigation/index.ts';
import { formatDateTime } from '../format/date-time.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useInbox } from './conversations.hooks.ts';
import { CHANNEL_LABELS } from './message-labels.ts';
import { UnmatchedEmailsPanel } from './UnmatchedEmailsPanel.tsx';
import './conversations.css';

function InboxItem({ entry, onOpen }: { entry: InboxEntry; onOpen: () => void }) {
  return (
    <li>
      <Button type="text" className="inbox-item" onClick={onOpen}>
        <span className="inbox-item-head">
          <strong>{entry.leadName}</strong>
          <span className="nav-count">
            {entry.unread}
            <span className="visually-hidden"> unread</span>
          </span>
        </span>
        <span className="inbox-item-meta">
          {CHANNEL_LABELS[entry.lastChannel]} · <time dateTime={entry.lastAt}>{formatDateTime(entry.lastAt)}</time>
        </span>
        <span className="inbox-item-body">{entry.lastBody}</span>
      </Button>
    </li>
  );
}

/** Leads with replies the signed-in person has not read, newest reply first; a click opens the lead. */
export function InboxSection() {
  const inbox = useInbox();
  const navigate = useNavigate();
  const open = (leadId: string) => navigate(leadPath(leadId, 'conversation'));
  return (
    <div className="section-stack">
      <Card className="leads-card">
        <section className="section-stack" aria-labelledby="inbox-title">
          <Typography.Title level={2} id="inbox-title" className="drawer-subtitle">
            Unread replies
          </Typography.Title>
          {inbox.isPending ? <LoadingSkeleton rows={4} /> : null}
          {inbox.isError ? <QueryErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
          {inbox.data && inbox.data.items.length === 0 ? (
            <Empty description="No unread replies. Customers’ e-mails and texts show here until you read them." />
          ) : null}
          {inbox.data && inbox.data.items.length > 0 ? (
            <ul className="inbox-list" aria-label="Leads with unread replies">
              {inbox.data.items.map((entry) => (
                <InboxItem key={entry.leadId} entry={entry} onOpen={() => open(entry.leadId)} />
              ))}
            </ul>
          ) : null}
        </section>
      </Card>
      <UnmatchedEmailsPanel />
    </div>
  );
}
