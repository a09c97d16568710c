import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';

/** Shown while a screen's code or the session check loads: never a blank page. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <LoadingSkeleton rows={3} />
      <div className="page-skeleton-grid">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className="page-skeleton-card">
            <LoadingSkeleton rows={2} />
          </div>
        ))}
      </div>
      <LoadingSkeleton rows={6} />
    </div>
  );
}
