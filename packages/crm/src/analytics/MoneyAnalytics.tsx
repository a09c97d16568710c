import type { AnalyticsRange } from '@shine/shared/analytics';
import { paymentReportOperations } from '@shine/shared/operations/payment-reports';
import { CARD_RECOVERY_DAYS } from '@shine/shared/payment-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Statistic, Typography } from 'antd';
import { queryOptions } from '../api/client.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ChartCard } from './ChartCard.tsx';
import { FigureTable } from './FigureTable.tsx';
import { collectedFigure, rateLabel, receivablesFigure } from './payment-figures.ts';

/** GET /api/admin/reports/payments for the range; the previous range's figures stay while the next loads. */
export function usePaymentReport(range: AnalyticsRange) {
  return useQuery({
    ...queryOptions(paymentReportOperations.getPaymentReport, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

const CHARTS = [
  { title: 'Collected per month', testId: 'chart-collected', build: collectedFigure },
  { title: 'Receivables by age (now)', testId: 'chart-receivables', build: receivablesFigure },
] as const;

/**
 * Analytics' money: collected per month of the range, what is owed now by age, and how card charges of
 * the range's invoices went (first try, and failures paid within 14 days).
 */
export function MoneyAnalytics({ range }: { range: AnalyticsRange }) {
  const report = usePaymentReport(range);
  const card = report.data?.cardCharges;
  return (
    <section aria-labelledby="analytics-money-title" className="section-stack">
      <Typography.Title level={2} id="analytics-money-title" className="analytics-range-title">
        Money
      </Typography.Title>
      {report.isError ? <QueryErrorAlert error={report.error} onRetry={() => void report.refetch()} /> : null}
      <div className="analytics-grid">
        {CHARTS.map(({ title, testId, build }) => {
          const figure = report.data ? build(report.data) : undefined;
          return (
            <ChartCard
              key={testId}
              title={title}
              testId={testId}
              spec={figure?.spec}
              loading={report.isPending}
              table={figure ? <FigureTable caption={title} columns={figure.columns} rows={figure.rows} /> : null}
            />
          );
        })}
        <Card title="Card charges" data-testid="card-charges" loading={report.isPending}>
          {card ? (
            <div className="section-stack">
              <Statistic
                title={`First-try success (${card.firstTrySucceeded} of ${card.firstTries} invoices)`}
                value={rateLabel(card.firstTrySuccessRate)}
              />
              <Statistic
                title={`Failed charges paid within ${CARD_RECOVERY_DAYS} days (${card.recovered} of ${card.failed})`}
                value={rateLabel(card.recoveryRate)}
              />
              {card.firstTries === 0 ? <p className="muted">No card charges for the invoices of this range.</p> : null}
            </div>
          ) : null}
        </Card>
      </div>
    </section>
  );
}
