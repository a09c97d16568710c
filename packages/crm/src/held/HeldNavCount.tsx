import { useShellCounts } from '../api/shell-counts.ts';

/** The number of held submissions beside "Held" in the sidebar; nothing when none are waiting. */
export function HeldNavCount() {
  const count = useShellCounts().data?.held;
  if (!count) return null;
  return (
    <span className="nav-count" data-testid="held-nav-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
