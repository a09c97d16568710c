import type { LeadMessage } from '@shine/shared/responses/conversations';
import { Empty } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { authorOf, CHANNEL_LABELS, recipientOf, STATUS_LABELS, STATUS_TONES } from './message-labels.ts';

/** One thread, oldest first so the newest is at the bottom, beside the reply form. */
export function ConversationThread({ messages }: { messages: readonly LeadMessage[] }) {
  if (messages.length === 0) return <Empty description="No messages yet." image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ol className="conversation-thread" aria-label="Messages, oldest first">
      {messages.map((message) => (
        <li
          key={`${message.source}:${message.id}`}
          className={`conversation-message conversation-${message.direction === 'in' ? 'in' : 'out'}`}
        >
          <div className="conversation-meta">
            <strong>{authorOf(message)}</strong>
            <span>
              {recipientOf(message)} · {CHANNEL_LABELS[message.channel]}
            </span>
            <time dateTime={message.at}>{formatDateTime(message.at)}</time>
            {message.status === 'received' ? null : (
              <ToneTag color={STATUS_TONES[message.status]}>{STATUS_LABELS[message.status]}</ToneTag>
            )}
          </div>
          {message.subject ? (
            <div className="conversation-subject">
              <span className="visually-hidden">Subject: </span>
              {message.subject}
            </div>
          ) : null}
          <p className="pre-wrap conversation-body">{message.body}</p>
          {message.attachments.length > 0 ? (
            <p className="conversation-attachments">
              {message.attachments.length === 1 ? 'Attachment' : 'Attachments'}: {message.attachments.join(', ')}
            </p>
          ) : null}
          {message.reason ? <p className="conversation-reason">{message.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
