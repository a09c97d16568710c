import { useShellCounts } from '../api/shell-counts.ts';

const shown = (count: number) => (count > 99 ? '99+' : count);

/**
 * Beside "Inbox": how many leads have replies the signed-in person has not read, and how many e-mails
 * are held as unmatched (they wait for someone to attach or dismiss them); nothing when none.
 */
export function InboxNavCount() {
  const counts = useShellCounts().data;
  const total = counts?.inbox;
  const held = counts?.unmatchedEmails;
  if (!total && !held) return null;
  return (
    <>
      {total ? (
        <span className="nav-count" data-testid="inbox-nav-count">
          {shown(total)}
          <span className="visually-hidden"> unread</span>
        </span>
      ) : null}
      {held ? (
        <span className="nav-count" data-testid="unmatched-nav-count">
          {shown(held)}
          <span className="visually-hidden"> unmatched e-mail</span>
        </span>
      ) : null}
    </>
  );
}
