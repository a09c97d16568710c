import type { OutboxMessage } from '@shine/shared/automation-rules';
import { Empty, Typography } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { MESSAGE_STATUS_COLORS, MESSAGE_STATUS_LABELS } from './run-labels.ts';

/** Messages automations rendered, with why one was not sent. `showLead` on the outbox. */
export function MessageList({
  messages,
  showLead,
  empty,
}: {
  messages: OutboxMessage[];
  showLead?: boolean;
  empty: string;
}) {
  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="item-list run-list" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id} className="run-item">
          <div className="activity-item-head">
            <Typography.Text strong>
              {message.channel === 'email' ? 'E-mail' : 'SMS'} to {message.recipient}
              {showLead ? ` (${message.leadName})` : ''}
            </Typography.Text>
            <ToneTag color={MESSAGE_STATUS_COLORS[message.status]}>{MESSAGE_STATUS_LABELS[message.status]}</ToneTag>
          </div>
          {message.reason ? (
            <div className={message.status === 'failed' ? 'run-error' : 'muted'}>{message.reason}</div>
          ) : null}
          {message.subject ? <div>Subject: {message.subject}</div> : null}
          <Typography.Paragraph className="activity-description" ellipsis={{ rows: 3, expandable: true }}>
            {message.body}
          </Typography.Paragraph>
          <div className="muted activity-dates">
            <span>Created {formatDateTime(message.createdAt)}</span>
            {message.sentAt ? <span>Sent {formatDateTime(message.sentAt)}</span> : null}
            {message.status === 'held' && message.heldUntil ? (
              <span>Sends automatically after {formatDateTime(message.heldUntil)}</span>
            ) : null}
            {message.attempts > 1 ? <span>{message.attempts} attempts</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
