import { Card } from 'antd';
import { LoadingSkeleton } from './LoadingSkeleton.tsx';

export function SectionSkeleton() {
  return (
    <Card role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <LoadingSkeleton rows={8} />
    </Card>
  );
}
