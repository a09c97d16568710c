// The money figures of Analytics (GET /api/admin/reports/payments) as chart specs and table rows,
// built from the same report so the chart and its table agree. Money is shown from its decimal string.
import { formatMoney, formatPercent } from '@shine/shared/format';
import type { PaymentReport, ReceivableAge } from '@shine/shared/payment-reports';
import dayjs from 'dayjs';
import type { Figure } from './analytics-figures.ts';
import { seriesColor } from './chart-spec.ts';

const AGE_LABELS: Record<ReceivableAge, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

const monthLabel = (month: string) => dayjs(`${month}-01`).format('MMM YYYY');

/** Money received per business month, cash, check and card stacked. */
export function collectedFigure(report: PaymentReport): Figure {
  const methods = [
    { key: 'cash', label: 'Cash' },
    { key: 'check', label: 'Check' },
    { key: 'card', label: 'Card' },
  ] as const;
  return {
    spec: {
      kind: 'bar',
      stacked: true,
      label: 'Money collected per month: cash, check and card',
      categories: report.collectedByMonth.map((row) => monthLabel(row.month)),
      // The chart's bar heights only: every figure shown as text comes from the decimal string.
      series: methods.map((method, index) => ({
        label: method.label,
        values: report.collectedByMonth.map((row) => Number(row[method.key])),
        color: seriesColor(index),
      })),
      format: 'dollars',
    },
    columns: ['Month', 'Cash', 'Check', 'Card', 'Total'],
    rows: report.collectedByMonth.map((row) => ({
      key: row.month,
      cells: [
        monthLabel(row.month),
        formatMoney(row.cash),
        formatMoney(row.check),
        formatMoney(row.card),
        formatMoney(row.total),
      ],
    })),
  };
}

/** What is owed now, by days since the invoice fell due. */
export function receivablesFigure(report: PaymentReport): Figure {
  return {
    spec: {
      kind: 'bar',
      label: 'Receivables now by days past due',
      categories: report.receivablesByAge.map((row) => AGE_LABELS[row.age]),
      series: [
        {
          label: 'Balance owed',
          values: report.receivablesByAge.map((row) => Number(row.balance)),
          color: seriesColor(2),
        },
      ],
      format: 'dollars',
    },
    columns: ['Past due', 'Invoices', 'Balance owed'],
    rows: report.receivablesByAge.map((row) => ({
      key: row.age,
      cells: [AGE_LABELS[row.age], row.invoices, formatMoney(row.balance)],
    })),
  };
}

/** A rate from 0 to 1 as "66.7%", or "—" when there was nothing to measure. */
export function rateLabel(rate: number | null): string {
  return rate === null ? '—' : formatPercent(rate * 100);
}
