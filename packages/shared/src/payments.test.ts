import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_SETTINGS,
  manualPaymentSchema,
  paymentSettingsSchema,
  paymentSettingsValueOf,
  paymentSettingsViewOf,
  taxCentsOf,
} from './payments.ts';

describe('taxCentsOf: one rounding rule, half up on the whole taxable amount', () => {
  it('rounds half a cent up and less than half down', () => {
    // 10.02 × 8.25 % = 0.82665 → 0.83; 265.00 × 8.25 % = 21.8625 → 21.86; 200.00 → 16.50 exactly.
    expect(taxCentsOf(1002, 825)).toBe(83);
    expect(taxCentsOf(26500, 825)).toBe(2186);
    expect(taxCentsOf(20000, 825)).toBe(1650);
    // 0.06 × 8.25 % = 0.00495 → 0; 0.07 → 0.005775 → 0.01 (half up).
    expect(taxCentsOf(6, 825)).toBe(0);
    expect(taxCentsOf(7, 825)).toBe(1);
    expect(taxCentsOf(12345, 0)).toBe(0);
  });
});

describe('manualPaymentSchema', () => {
  it('takes cash or a check in dollars with at most two decimals, more than zero', () => {
    expect(manualPaymentSchema.parse({ method: 'check', amount: '402.15', reference: ' 1042 ' })).toEqual({
      method: 'check',
      amount: 40215,
      reference: '1042',
    });
    expect(manualPaymentSchema.parse({ method: 'cash', amount: '25' })).toEqual({ method: 'cash', amount: 2500 });
    for (const body of [
      { method: 'cash', amount: '-5' },
      { method: 'cash', amount: '0.00' },
      { method: 'cash', amount: '1.005' },
      { method: 'cash', amount: 25 },
      { method: 'cash' },
      { method: 'card', amount: '25' },
    ]) {
      expect(manualPaymentSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('payment settings', () => {
  it('answers the defaults as the API shows them, and stores a valid request in cents and basis points', () => {
    expect(paymentSettingsViewOf(DEFAULT_PAYMENT_SETTINGS)).toEqual({
      taxRatePercent: '8.25',
      cancellationFee: null,
      retryDays: [1, 3, 5],
      tipsEnabled: false,
    });
    const input = paymentSettingsSchema.parse({
      taxRatePercent: '6.25',
      cancellationFee: '50',
      retryDays: [2, 4],
      tipsEnabled: true,
    });
    expect(paymentSettingsValueOf(input)).toEqual({
      taxRateBasisPoints: 625,
      cancellationFeeCents: 5000,
      retryDays: [2, 4],
      tipsEnabled: true,
    });
    expect(paymentSettingsValueOf({ ...input, cancellationFee: '0' }).cancellationFeeCents).toBeNull();
  });
});
