import { useShellCounts } from '../api/shell-counts.ts';

/** Beside "My Day": how many things wait for the signed-in person today; nothing when none. */
export function MyDayNavCount() {
  const total = useShellCounts().data?.myDay;
  if (!total) return null;
  return (
    <span className="nav-count" data-testid="my-day-nav-count">
      {total > 99 ? '99+' : total}
      <span className="visually-hidden"> to do</span>
    </span>
  );
}
