import { ACTIVITY_STATUSES, ACTIVITY_TYPES, LEAD_STATUSES } from '@shine/shared/enums';
import { formatCurrency, formatPercent } from '@shine/shared/format';
import { Card, Empty, Statistic } from 'antd';
import { ACTIVITY_STATUS_COLORS, ACTIVITY_STATUS_LABELS, ACTIVITY_TYPE_LABELS } from '../activities/index.ts';
import { STATUS_BAR_COLORS } from '../format/lead-labels.ts';
import { useActivitySummary, useMetrics, useStats } from '../overview/index.ts';
import { BarList } from '../ui/BarList.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';

/** Share of `part` in `whole` as "12.5%", 0 when there is nothing. */
export function shareOf(part: number, whole: number): string {
  return formatPercent(whole > 0 ? (part / whole) * 100 : 0);
}

function ConversionFunnel() {
  const stats = useStats();
  const metrics = useMetrics();
  const total = stats.data?.total ?? 0;
  return (
    <Card title="Conversion Funnel" loading={stats.isPending} data-testid="conversion-funnel">
      {stats.isError ? <QueryErrorAlert error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {metrics.data ? (
        <p className="analytics-lead">
          Conversion rate <strong>{formatPercent(metrics.data.conversionRate)}</strong> of {total} leads
        </p>
      ) : null}
      <BarList
        label="Leads at each stage"
        max={total}
        items={LEAD_STATUSES.map((status) => {
          const count = stats.data?.byStatus[status] ?? 0;
          return {
            key: status,
            label: status,
            value: count,
            color: STATUS_BAR_COLORS[status],
            display: `${count} (${shareOf(count, total)})`,
          };
        })}
      />
    </Card>
  );
}

function RevenuePipeline() {
  const stats = useStats();
  const byStatus = stats.data?.revenueByStatus;
  const values = LEAD_STATUSES.map((status) => ({ status, value: byStatus?.[status] ?? 0 }));
  return (
    <Card title="Revenue Pipeline" loading={stats.isPending} data-testid="revenue-pipeline" className="stack-card">
      <Statistic title="Potential revenue" value={formatCurrency(stats.data?.potentialRevenue ?? 0)} />
      {byStatus ? (
        <BarList
          label="Estimated value by status"
          items={values.map(({ status, value }) => ({
            key: status,
            label: status,
            value,
            color: STATUS_BAR_COLORS[status],
            display: formatCurrency(value),
          }))}
        />
      ) : null}
    </Card>
  );
}

/**
 * What people did (calls, e-mails, meetings, notes, tasks they logged), and apart from it the entries
 * the product wrote on timelines by itself (alerts, automations, filed messages), which say nothing of
 * the team's work.
 */
export function ActivitySummaryCard() {
  const summary = useActivitySummary();
  const data = summary.data;
  const automatic = data ? (
    <p className="analytics-lead" data-testid="activity-summary-automatic">
      Written automatically (alerts, automations, filed messages), not counted above: <strong>{data.automatic}</strong>
    </p>
  ) : null;
  return (
    <Card title="Activity Summary" loading={summary.isPending} data-testid="activity-summary">
      {summary.isError ? <QueryErrorAlert error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      {data && data.total === 0 ? (
        <>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activities logged by people yet." />
          {data.automatic > 0 ? automatic : null}
        </>
      ) : null}
      {data && data.total > 0 ? (
        <div className="section-stack">
          <Statistic title="Logged by people" value={data.total} />
          {automatic}
          <BarList
            label="Activities by type"
            max={data.total}
            items={ACTIVITY_TYPES.map((type) => ({
              key: type,
              label: ACTIVITY_TYPE_LABELS[type],
              value: data.byType[type] ?? 0,
            }))}
          />
          <ul className="tag-list" aria-label="Activities by status">
            {ACTIVITY_STATUSES.map((status) => (
              <li key={status}>
                <ToneTag color={ACTIVITY_STATUS_COLORS[status]}>
                  {ACTIVITY_STATUS_LABELS[status]}: {data.byStatus[status] ?? 0}
                </ToneTag>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

/** The pipeline as it stands now: Conversion Funnel bars, Revenue Pipeline and Activity Summary. */
export function CurrentPipelineCards() {
  return (
    <div className="analytics-grid">
      <ConversionFunnel />
      <RevenuePipeline />
      <ActivitySummaryCard />
    </div>
  );
}
