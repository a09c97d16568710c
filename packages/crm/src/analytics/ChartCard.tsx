import { Card, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import type { ChartSpec } from './chart-spec.ts';

// The chart library is its own chunk, fetched when the first chart draws (scripts/budgets.ts checks
// that it stays out of the first load).
const ChartView = lazy(() => import('./ChartView.tsx'));

export interface ChartCardProps {
  title: string;
  testId: string;
  spec: ChartSpec | undefined;
  /** The same figures as a table: the chart's accessible alternative. */
  table: ReactNode;
  loading: boolean;
}

/** A chart with its table one click away ("Show as table"), both from the same figures. */
export function ChartCard({ title, testId, spec, table, loading }: ChartCardProps) {
  return (
    <Card title={title} data-testid={testId} className="analytics-chart-card" loading={loading && !spec}>
      {spec ? (
        <div className="analytics-chart">
          <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 5 }} />}>
            <ChartView spec={spec} />
          </Suspense>
        </div>
      ) : null}
      <details className="analytics-table-toggle">
        <summary>Show as table</summary>
        {table}
      </details>
    </Card>
  );
}
