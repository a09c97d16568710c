import type { Lead } from '@shine/shared/types';
import { useEffect, useRef } from 'react';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { useLeadMessages, useMarkMessagesRead } from './conversations.hooks.ts';
import './conversations.css';

/**
 * The lead drawer's Conversation tab: the thread (newest at the bottom) and the reply form. Opening
 * it marks the lead's replies read for the signed-in person, and so does every reply that arrives
 * while it is open (the live stream refreshes the thread).
 */
export function LeadConversation({ lead }: { lead: Lead }) {
  const messages = useLeadMessages(lead.id);
  const { mutate: markRead } = useMarkMessagesRead(lead.id);
  const items = messages.data?.items;
  const replies = items?.filter((message) => message.direction === 'in').length;
  const threadBox = useRef<HTMLElement>(null);

  useEffect(() => {
    if (replies !== undefined) markRead();
  }, [replies, markRead]);

  useEffect(() => {
    const box = threadBox.current;
    if (box && items) box.scrollTop = box.scrollHeight;
  }, [items]);

  return (
    <div className="section-stack">
      {messages.isPending ? <LoadingSkeleton rows={4} /> : null}
      {messages.isError ? <QueryErrorAlert error={messages.error} onRetry={() => void messages.refetch()} /> : null}
      {items ? (
        // Scrolls by itself to the newest message; focusable so the keyboard scrolls it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
        <section ref={threadBox} className="conversation-scroll" tabIndex={0} aria-label="Conversation">
          <ConversationThread messages={items} />
        </section>
      ) : null}
      <ReplyForm lead={lead} />
    </div>
  );
}
