// The report's five series as chart specs and table rows, built once from the same figures so the
// chart and its table cannot disagree. Money arrives as decimal strings and is shown from them.
import { formatMoney, formatPercent } from '@shine/shared/format';
import type { AnalyticsReport } from '@shine/shared/types';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { STATUS_BAR_COLORS } from '../format/lead-labels.ts';
import { type ChartSpec, seriesColor } from './chart-spec.ts';

export interface Figure {
  spec: ChartSpec;
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
}

export function weekLabel(week: string): string {
  return dayjs(week).format('MMM D');
}

function monthLabel(month: string): string {
  return dayjs(`${month}-01`).format('MMM YYYY');
}

export function minutesLabel(minutes: number | null): string {
  return minutes === null ? '—' : `${minutes} min`;
}

export function leadsPerWeekFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'bar',
      stacked: true,
      label: `Leads per week by source, ${report.total} leads in all`,
      categories: report.leadsPerWeek.map((week) => weekLabel(week.week)),
      series: report.sources.map((source, index) => ({
        label: source,
        values: report.leadsPerWeek.map((week) => week.bySource[source] ?? 0),
        color: seriesColor(index),
      })),
      format: 'count',
    },
    columns: ['Week of', ...report.sources, 'Total'],
    rows: report.leadsPerWeek.map((week) => ({
      key: week.week,
      cells: [weekLabel(week.week), ...report.sources.map((source) => week.bySource[source] ?? 0), week.total],
    })),
  };
}

export function conversionFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'bar',
      label: 'Conversion rate by source: Won as a share of the leads that arrived in the range',
      categories: report.conversionBySource.map((row) => row.source),
      series: [
        {
          label: 'Conversion rate',
          values: report.conversionBySource.map((row) => row.conversionRate),
          color: STATUS_BAR_COLORS.Won,
        },
      ],
      format: 'percent',
    },
    columns: ['Source', 'Leads', 'Won', 'Conversion rate'],
    rows: report.conversionBySource.map((row) => ({
      key: row.source,
      cells: [row.source, row.leads, row.won, formatPercent(row.conversionRate)],
    })),
  };
}

/**
 * Won revenue per month: one-time (each Won lead's value, a recurring lead's one visit) beside the
 * recurring revenue a year of the Won recurring leads (docs/decisions.md, "Recurring revenue").
 */
export function wonRevenueFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'bar',
      label: 'Won revenue by month the lead arrived: one-time and recurring a year',
      categories: report.wonRevenueByMonth.map((row) => monthLabel(row.month)),
      // The chart's bar heights only: every figure shown as text comes from the decimal string.
      series: [
        {
          label: 'One-time revenue',
          values: report.wonRevenueByMonth.map((row) => Number(row.value)),
          color: STATUS_BAR_COLORS.Won,
        },
        {
          label: 'Recurring revenue a year',
          values: report.wonRevenueByMonth.map((row) => Number(row.recurringValue)),
          color: STATUS_BAR_COLORS.Qualified,
        },
      ],
      format: 'dollars',
    },
    columns: ['Month', 'Won', 'One-time revenue', 'Recurring revenue a year'],
    rows: report.wonRevenueByMonth.map((row) => ({
      key: row.month,
      cells: [monthLabel(row.month), row.won, formatMoney(row.value), formatMoney(row.recurringValue)],
    })),
  };
}

export function speedToLeadFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'line',
      label: 'Speed to lead per week: median business minutes to first contact',
      categories: report.speedToLeadByWeek.map((week) => weekLabel(week.week)),
      series: [
        {
          label: 'Median minutes',
          values: report.speedToLeadByWeek.map((week) => week.medianMinutes),
          color: STATUS_BAR_COLORS.Contacted,
        },
      ],
      format: 'minutes',
    },
    columns: ['Week of', 'Median to first contact', 'Leads contacted'],
    rows: report.speedToLeadByWeek.map((week) => ({
      key: week.week,
      cells: [weekLabel(week.week), minutesLabel(week.medianMinutes), week.contacted],
    })),
  };
}

export function funnelFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'bar',
      horizontal: true,
      label: `Funnel: the ${report.total} leads of the range by status now`,
      categories: report.funnel.map((step) => step.status),
      series: [
        {
          label: 'Leads',
          values: report.funnel.map((step) => step.count),
          color: STATUS_BAR_COLORS.New,
        },
      ],
      format: 'count',
    },
    columns: ['Status', 'Leads', 'Share'],
    rows: report.funnel.map((step) => ({
      key: step.status,
      cells: [
        step.status,
        step.count,
        formatPercent(report.total > 0 ? Math.round((step.count * 1000) / report.total) / 10 : 0),
      ],
    })),
  };
}

const NO_REASON = 'No reason given';
const winRateText = (rate: number | null) => (rate === null ? '—' : formatPercent(rate));

export function lossReasonsFigure(report: AnalyticsReport): Figure {
  return {
    spec: {
      kind: 'bar',
      horizontal: true,
      label: 'Lost leads of the range by the reason given',
      categories: report.lossReasons.map((row) => row.reason ?? NO_REASON),
      series: [
        { label: 'Lost leads', values: report.lossReasons.map((row) => row.count), color: STATUS_BAR_COLORS.Lost },
      ],
      format: 'count',
    },
    columns: ['Reason', 'Lost leads'],
    rows: report.lossReasons.map((row) => ({ key: row.reason ?? '', cells: [row.reason ?? NO_REASON, row.count] })),
  };
}

function winRateFigure(
  label: string,
  column: string,
  rows: Array<{ key: string; name: string; won: number; lost: number; winRate: number | null }>,
): Figure {
  return {
    spec: {
      kind: 'bar',
      label,
      categories: rows.map((row) => row.name),
      series: [{ label: 'Win rate', values: rows.map((row) => row.winRate), color: STATUS_BAR_COLORS.Won }],
      format: 'percent',
    },
    columns: [column, 'Won', 'Lost', 'Win rate'],
    rows: rows.map((row) => ({ key: row.key, cells: [row.name, row.won, row.lost, winRateText(row.winRate)] })),
  };
}

export function winRateBySourceFigure(report: AnalyticsReport): Figure {
  return winRateFigure(
    'Win rate by source: Won as a share of the closed (Won or Lost) leads of the range',
    'Source',
    report.winRateBySource.map((row) => ({ key: row.source, name: row.source, ...row })),
  );
}

export function winRateByPersonFigure(report: AnalyticsReport): Figure {
  return winRateFigure(
    'Win rate by salesperson: Won as a share of the closed leads assigned to each',
    'Salesperson',
    report.winRateByPerson.map((row) => ({
      key: row.person?.id ?? 'unassigned',
      name: row.person?.name ?? 'Unassigned',
      ...row,
    })),
  );
}
