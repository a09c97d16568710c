import {
  CalendarOutlined,
  CheckSquareOutlined,
  DollarOutlined,
  ExclamationCircleOutlined,
  RiseOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { formatCurrency, formatPercent } from '@shine/shared/format';
import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useMetrics, useStats } from './reports.queries.ts';

interface Metric {
  key: string;
  title: string;
  icon: ReactNode;
  value: string | number | undefined;
  loading: boolean;
  tone?: 'danger';
  /** A short addition after the value, e.g. how many of the pending tasks are overdue. */
  suffix?: string;
}

/** The six metric cards of both dashboards: Total Leads, Today, Conversion, Avg Deal, Pending Tasks, Overdue. */
export function MetricCards() {
  const stats = useStats();
  const metrics = useMetrics();
  const m = metrics.data;
  const items: Metric[] = [
    { key: 'total', title: 'Total Leads', icon: <TeamOutlined />, value: stats.data?.total, loading: stats.isPending },
    { key: 'today', title: 'Today', icon: <CalendarOutlined />, value: m?.leadsToday, loading: metrics.isPending },
    {
      key: 'conversion',
      title: 'Conversion',
      icon: <RiseOutlined />,
      value: m ? formatPercent(m.conversionRate) : undefined,
      loading: metrics.isPending,
    },
    {
      key: 'avg-deal',
      title: 'Avg Deal',
      icon: <DollarOutlined />,
      value: m ? formatCurrency(m.averageDealValue) : undefined,
      loading: metrics.isPending,
    },
    {
      key: 'pending',
      title: 'Pending Tasks',
      icon: <CheckSquareOutlined />,
      value: m?.pendingTasks,
      loading: metrics.isPending,
      suffix: m && m.overdueTasks > 0 ? `(${m.overdueTasks} overdue)` : undefined,
    },
    {
      key: 'overdue',
      title: 'Overdue',
      icon: <ExclamationCircleOutlined />,
      value: m?.overdueFollowUps,
      loading: metrics.isPending,
      tone: m && m.overdueFollowUps > 0 ? 'danger' : undefined,
    },
  ];

  return (
    <section aria-label="Key metrics" className="section-stack">
      {stats.isError ? <QueryErrorAlert error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {metrics.isError ? <QueryErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} /> : null}
      <div className="metric-grid">
        {items.map((item) => (
          <Card key={item.key} size="small" loading={item.loading} data-testid={`metric-${item.key}`}>
            <Statistic
              title={
                <span className="metric-title">
                  <span aria-hidden="true" className="metric-icon">
                    {item.icon}
                  </span>
                  {item.title}
                </span>
              }
              value={item.value ?? '—'}
              suffix={item.suffix ? <span className="metric-suffix">{item.suffix}</span> : undefined}
              styles={{ content: item.tone === 'danger' ? { color: '#b42318' } : undefined }}
            />
          </Card>
        ))}
      </div>
    </section>
  );
}
