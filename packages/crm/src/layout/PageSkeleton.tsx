import { Skeleton } from 'antd';

/** Shown while a screen's code or the session check loads: never a blank page. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <Skeleton active title paragraph={{ rows: 2 }} />
      <div className="page-skeleton-grid">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className="page-skeleton-card">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ))}
      </div>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
