import { Card, Skeleton } from 'antd';

export function SectionSkeleton() {
  return (
    <Card role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}
