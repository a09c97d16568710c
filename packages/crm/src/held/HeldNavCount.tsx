import { useHeldCount } from './held.queries.ts';

/** The number of held submissions beside "Held" in the sidebar; nothing when none are waiting. */
export function HeldNavCount() {
  const count = useHeldCount();
  if (!count.data) return null;
  return (
    <span className="nav-count" data-testid="held-nav-count">
      {count.data > 99 ? '99+' : count.data}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
