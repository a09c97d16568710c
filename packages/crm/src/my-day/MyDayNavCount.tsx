import { useMyDay } from './my-day.queries.ts';

/** Beside "My Day": how many things wait for the signed-in person today; nothing when none. */
export function MyDayNavCount() {
  const total = useMyDay('me').data?.counts.total;
  if (!total) return null;
  return (
    <span className="nav-count" data-testid="my-day-nav-count">
      {total > 99 ? '99+' : total}
      <span className="visually-hidden"> to do</span>
    </span>
  );
}
