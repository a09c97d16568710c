import { Skeleton } from 'antd';

/**
 * A loading placeholder of grey lines. antd's skeleton title is an empty <h3>: under a screen's <h1>
 * it breaks the heading order (axe heading-order, empty-heading), so the placeholder has none.
 */
export function LoadingSkeleton({ rows }: { rows: number }) {
  return <Skeleton active title={false} paragraph={{ rows }} />;
}
