import { paymentReportOperations } from '@shine/shared/operations/payment-reports';
import type { PaymentReport } from '@shine/shared/payment-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { MoneyAnalytics } from './MoneyAnalytics.tsx';

// jsdom has no canvas: the chart stands in as what it is to a screen reader.
vi.mock('./ChartView.tsx', () => ({
  default: ({ spec }: { spec: { label: string } }) => <canvas role="img" aria-label={spec.label} />,
}));

const RANGE = { from: '2026-10-01', to: '2026-12-03' };

const report = (overrides: Partial<PaymentReport> = {}): PaymentReport => ({
  ...RANGE,
  collectedByMonth: [
    { month: '2026-10', cash: '0.00', check: '0.00', card: '0.00', total: '0.00' },
    { month: '2026-11', cash: '100.00', check: '286.86', card: '0.00', total: '386.86' },
    { month: '2026-12', cash: '0.00', check: '0.00', card: '1402.15', total: '1402.15' },
  ],
  receivablesByAge: [
    { age: '0-30', invoices: 2, balance: '573.72' },
    { age: '31-60', invoices: 0, balance: '0.00' },
    { age: '61-90', invoices: 1, balance: '90.00' },
    { age: '90+', invoices: 1, balance: '286.86' },
  ],
  cardCharges: {
    firstTries: 3,
    firstTrySucceeded: 2,
    firstTrySuccessRate: 0.6667,
    failed: 1,
    recovered: 1,
    recoveryRate: 1,
  },
  ...overrides,
});

describe('Analytics: money', () => {
  it('shows collected per month and receivables by age as charts with their tables, and the card rates', async () => {
    const { calls } = mockFetch(stubCall(paymentReportOperations.getPaymentReport, { body: report() }));
    renderWithProviders(<MoneyAnalytics range={RANGE} />);
    expect(await screen.findByRole('img', { name: 'Money collected per month: cash, check and card' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Receivables now by days past due' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(urlFor(paymentReportOperations.getPaymentReport, { query: RANGE }));

    const user = userEvent.setup();
    const collected = screen.getByTestId('chart-collected');
    await user.click(within(collected).getByText('Show as table'));
    const november = within(collected).getByRole('row', { name: /Nov 2026/ });
    expect(
      within(november)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$100.00', '$286.86', '$0.00', '$386.86']);
    const receivables = screen.getByTestId('chart-receivables');
    await user.click(within(receivables).getByText('Show as table'));
    const old = within(receivables).getByRole('row', { name: /Over 90 days/ });
    expect(
      within(old)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '$286.86']);

    const card = screen.getByTestId('card-charges');
    expect(within(card).getByText('First-try success (2 of 3 invoices)')).toBeTruthy();
    expect(within(card).getByText('66.7%')).toBeTruthy();
    expect(within(card).getByText('Failed charges paid within 14 days (1 of 1)')).toBeTruthy();
    expect(within(card).getByText('100.0%')).toBeTruthy();
  });

  it('says so when no card was charged: the rates are a dash, not 0 %', async () => {
    mockFetch(
      stubCall(paymentReportOperations.getPaymentReport, {
        body: report({
          cardCharges: {
            firstTries: 0,
            firstTrySucceeded: 0,
            firstTrySuccessRate: null,
            failed: 0,
            recovered: 0,
            recoveryRate: null,
          },
        }),
      }),
    );
    renderWithProviders(<MoneyAnalytics range={RANGE} />);
    const card = await screen.findByText('No card charges for the invoices of this range.');
    expect(within(card.closest('[data-testid="card-charges"]') as HTMLElement).getAllByText('—')).toHaveLength(2);
  });
});
