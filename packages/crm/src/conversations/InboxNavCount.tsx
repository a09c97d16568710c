import { useInbox } from './conversations.queries.ts';

/** How many leads have replies the signed-in person has not read, beside "Inbox"; nothing when none. */
export function InboxNavCount() {
  const inbox = useInbox();
  const total = inbox.data?.total;
  if (!total) return null;
  return (
    <span className="nav-count" data-testid="inbox-nav-count">
      {total > 99 ? '99+' : total}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
