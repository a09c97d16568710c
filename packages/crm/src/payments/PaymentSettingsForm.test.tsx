import { paymentOperations } from '@shine/shared/operations/payments';
import type { PaymentSettings } from '@shine/shared/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { PaymentSettingsForm } from './PaymentSettingsForm.tsx';

const saved: PaymentSettings = {
  taxRatePercent: '8.25',
  cancellationFee: null,
  retryDays: [1, 3, 5],
  tipsEnabled: false,
};

describe('PaymentSettingsForm', () => {
  it('shows the saved settings, refuses retry days out of order beside the field, and sends the changes', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(paymentOperations.getPaymentSettings, { body: saved }),
      ...stubCall(paymentOperations.savePaymentSettings, ({ body }) => ({
        body: { ...saved, taxRatePercent: body.taxRatePercent, cancellationFee: '50.00', retryDays: body.retryDays },
      })),
    });
    renderWithProviders(<PaymentSettingsForm />);
    const rate = await screen.findByLabelText('Sales tax rate (%)');
    expect((rate as HTMLInputElement).value).toBe('8.25');
    const user = userEvent.setup();
    const retries = screen.getByLabelText('Retry a declined card after (days)');
    expect((retries as HTMLInputElement).value).toBe('1, 3, 5');
    await user.clear(retries);
    await user.type(retries, '3, 1');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByText(/in increasing order/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(retries);
    await user.type(retries, '2, 4');
    await user.clear(rate);
    await user.type(rate, '8');
    await user.type(screen.getByLabelText('Late-cancellation fee ($)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await screen.findByText('Payment settings saved');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { taxRatePercent: '8', cancellationFee: '50', retryDays: [2, 4], tipsEnabled: false },
    ]);
  });
});
