import type { AnalyticsReport } from '@shine/shared/types';
import { DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { useAnalyticsReport } from './analytics.hooks.ts';
import {
  conversionFigure,
  type Figure,
  funnelFigure,
  leadsPerWeekFigure,
  lossReasonsFigure,
  speedToLeadFigure,
  winRateByPersonFigure,
  winRateBySourceFigure,
  wonRevenueFigure,
} from './analytics-figures.ts';
import { useAnalyticsRange } from './analytics-range.ts';
import { ChartCard } from './ChartCard.tsx';
import { CurrentPipelineCards } from './CurrentPipelineCards.tsx';
import { FigureTable } from './FigureTable.tsx';
import { MoneyAnalytics } from './MoneyAnalytics.tsx';
import './analytics.css';

const CHARTS: Array<{ title: string; testId: string; build: (report: AnalyticsReport) => Figure }> = [
  { title: 'Leads per week by source', testId: 'chart-leads-per-week', build: leadsPerWeekFigure },
  { title: 'Conversion rate by source', testId: 'chart-conversion', build: conversionFigure },
  { title: 'Won revenue per month: one-time and recurring', testId: 'chart-won-revenue', build: wonRevenueFigure },
  { title: 'Speed to lead per week', testId: 'chart-speed-to-lead', build: speedToLeadFigure },
  { title: 'Funnel', testId: 'chart-funnel', build: funnelFigure },
  { title: 'Loss reasons', testId: 'chart-loss-reasons', build: lossReasonsFigure },
  { title: 'Win rate by source', testId: 'chart-win-rate-source', build: winRateBySourceFigure },
  { title: 'Win rate by salesperson', testId: 'chart-win-rate-person', build: winRateByPersonFigure },
];

/** Analytics: trends over a chosen range of business dates, then the pipeline as it stands now. */
export function AnalyticsSection() {
  const [range, setRange] = useAnalyticsRange();
  const report = useAnalyticsReport(range);
  const onChange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [];
    if (from && to) setRange({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  return (
    <div className="section-stack">
      <section aria-labelledby="analytics-range-title" className="analytics-range">
        <Typography.Title level={2} id="analytics-range-title" className="analytics-range-title">
          Leads that arrived between
        </Typography.Title>
        {/* Each input of the picker gets a name of its own (antd gives them none). */}
        <label htmlFor="analytics-from" className="visually-hidden">
          Start date
        </label>
        <label htmlFor="analytics-to" className="visually-hidden">
          End date
        </label>
        <DatePicker.RangePicker
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={onChange}
          allowClear={false}
          format="MMM D, YYYY"
          id={{ start: 'analytics-from', end: 'analytics-to' }}
          placeholder={['Start date', 'End date']}
        />
        <p className="analytics-range-total" aria-live="polite" data-testid="analytics-total">
          {report.data ? `${report.data.total} leads` : ''}
        </p>
      </section>
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
      </div>
      <MoneyAnalytics range={range} />
      <Typography.Title level={2} className="analytics-range-title">
        The pipeline now
      </Typography.Title>
      <CurrentPipelineCards />
    </div>
  );
}
