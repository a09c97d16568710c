import {
  CalendarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  DollarOutlined,
  ExclamationCircleOutlined,
  FileDoneOutlined,
  RiseOutlined,
  SyncOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { formatCount, formatCurrency, formatPercent } from '@shine/shared/format';
import { formatAmount } from '@shine/shared/quote-pricing';
import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { sectionPath } from '../navigation/index.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useMetrics, useStats } from './reports.hooks.ts';

interface Metric {
  key: string;
  title: string;
  icon: ReactNode;
  value: string | number | undefined;
  loading: boolean;
  tone?: 'danger';
  /** A short addition after the value, e.g. how many of the pending tasks are overdue. */
  suffix?: string;
  /** Overdue work reads in the danger colour; plain context (today's requests) does not. */
  suffixTone?: 'danger' | 'muted';
  /** The list the figure counts. */
  to: string;
}

/**
 * "(3 requests)" beside today's new leads when more requests than leads arrived today: a repeat
 * request from someone already in the CRM is no new lead, but it is work that came in.
 */
export function todaySuffix(metrics: { leadsToday: number; requestsToday: number }): string | undefined {
  const { leadsToday, requestsToday } = metrics;
  if (requestsToday === leadsToday) return undefined;
  return `(${formatCount(requestsToday, 'request')})`;
}

/**
 * The six metric cards of both dashboards: Total Leads, Today, Conversion, Avg Deal, Pending Tasks and
 * Overdue Follow-ups. Tasks and follow-ups are both "overdue" in their own way, so each card names its kind.
 * Each card is a link to the list it counts.
 */
export function MetricCards() {
  const stats = useStats();
  const metrics = useMetrics();
  const m = metrics.data;
  const items: Metric[] = [
    {
      key: 'total',
      title: 'Total Leads',
      icon: <TeamOutlined />,
      value: stats.data?.total,
      loading: stats.isPending,
      to: sectionPath('leads'),
    },
    {
      key: 'today',
      title: 'Today',
      icon: <CalendarOutlined />,
      value: m?.leadsToday,
      loading: metrics.isPending,
      suffix: m ? todaySuffix(m) : undefined,
      suffixTone: 'muted',
      to: sectionPath('leads', { created: 'today' }),
    },
    {
      key: 'conversion',
      title: 'Conversion',
      icon: <RiseOutlined />,
      value: m ? formatPercent(m.conversionRate) : undefined,
      loading: metrics.isPending,
      to: sectionPath('leads', { status: 'Won' }),
    },
    {
      key: 'avg-deal',
      title: 'Avg Deal',
      icon: <DollarOutlined />,
      value: m ? formatCurrency(m.averageDealValue) : undefined,
      loading: metrics.isPending,
      to: sectionPath('leads', { status: 'Won', sort: 'estimatedValue', order: 'desc' }),
    },
    {
      key: 'pending',
      title: 'Pending Tasks',
      icon: <CheckSquareOutlined />,
      value: m?.pendingTasks,
      loading: metrics.isPending,
      suffix: m && m.overdueTasks > 0 ? `(${m.overdueTasks} overdue)` : undefined,
      // Activities lists every lead's pending activities, the card's figure as its total.
      to: sectionPath('activities'),
    },
    {
      key: 'overdue',
      title: 'Overdue Follow-ups',
      icon: <ExclamationCircleOutlined />,
      value: m?.overdueFollowUps,
      loading: metrics.isPending,
      tone: m && m.overdueFollowUps > 0 ? 'danger' : undefined,
      to: sectionPath('leads', { followUp: 'overdue', sort: 'nextFollowUpAt', order: 'asc' }),
    },
  ];

  return (
    <section aria-label="Key metrics" className="section-stack">
      {stats.isError ? <QueryErrorAlert error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {metrics.isError ? <QueryErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} /> : null}
      <MetricLinks items={items} />
    </section>
  );
}

/**
 * The schedule's cards of the sidebar CRM's Dashboard: Visits this week and Booked recurring revenue,
 * each opening the Schedule (this week's visits, each recurring customer's series). The tabbed
 * dashboard keeps the brief's six cards (docs/requirements.md).
 */
export function ScheduleMetricCards() {
  const metrics = useMetrics();
  const m = metrics.data;
  const items: Metric[] = [
    {
      key: 'visits-week',
      title: 'Visits this week',
      icon: <CarryOutOutlined />,
      value: m?.visitsThisWeek,
      loading: metrics.isPending,
      to: sectionPath('schedule'),
    },
    {
      key: 'recurring-revenue',
      title: 'Booked recurring revenue',
      icon: <SyncOutlined />,
      value: m?.bookedRecurringRevenue ? formatCurrency(Number(m.bookedRecurringRevenue)) : undefined,
      loading: metrics.isPending,
      suffix: m?.bookedRecurringRevenue ? '/ year' : undefined,
      suffixTone: 'muted',
      to: sectionPath('schedule'),
    },
  ];
  return (
    <section aria-label="Schedule figures">
      <MetricLinks items={items} />
    </section>
  );
}

/**
 * The money of the sidebar CRM's Dashboard: payments received this business month and what is owed
 * on unpaid invoices, each opening Payments (the paid invoices, the open and past-due ones).
 */
export function PaymentMetricCards() {
  const metrics = useMetrics();
  const m = metrics.data;
  const items: Metric[] = [
    {
      key: 'collected-month',
      title: 'Collected this month',
      icon: <WalletOutlined />,
      value: m ? formatAmount(m.collectedThisMonth) : undefined,
      loading: metrics.isPending,
      to: sectionPath('payments'),
    },
    {
      key: 'outstanding',
      title: 'Outstanding',
      icon: <FileDoneOutlined />,
      value: m ? formatAmount(m.outstanding) : undefined,
      loading: metrics.isPending,
      to: sectionPath('payments'),
    },
  ];
  return (
    <section aria-label="Payment figures">
      <MetricLinks items={items} />
    </section>
  );
}

function MetricLinks({ items }: { items: Metric[] }) {
  return (
    <div className="metric-grid">
      {items.map((item) => (
        <Link key={item.key} to={item.to} className="metric-link" data-testid={`metric-${item.key}`}>
          <Card size="small" loading={item.loading}>
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
              suffix={
                item.suffix ? (
                  <span className={`metric-suffix${item.suffixTone === 'muted' ? ' metric-suffix-muted' : ''}`}>
                    {item.suffix}
                  </span>
                ) : undefined
              }
              styles={{ content: item.tone === 'danger' ? { color: '#b42318' } : undefined }}
            />
          </Card>
        </Link>
      ))}
    </div>
  );
}
