import { describe, expect, it } from 'vitest';
import { leadRecurringRevenue, recurringRevenueOf, visitsPerYearSql } from './recurring-revenue.ts';

describe('recurring revenue', () => {
  it('is the per-visit price × the visits a year of the series, none for One Time', () => {
    expect(recurringRevenueOf('Weekly', 15_000)?.annualCents).toBe(780_000);
    expect(recurringRevenueOf('Biweekly', 30_150)?.annualCents).toBe(783_900);
    // Monthly is every four weeks: 13 visits.
    expect(recurringRevenueOf('Monthly', 10_000)).toEqual({
      frequency: 'Monthly',
      visitsPerYear: 13,
      perVisitCents: 10_000,
      annualCents: 130_000,
    });
    expect(recurringRevenueOf('One Time', 10_000)).toBeNull();
  });

  it("takes a lead's value in exact cents, and 250 dollars when it has none", () => {
    // 0.29 × 100 is 28.999… in floating point.
    expect(leadRecurringRevenue({ frequency: 'Weekly', estimatedValue: 0.29 })?.perVisitCents).toBe(29);
    expect(leadRecurringRevenue({ frequency: 'Biweekly', estimatedValue: null })?.annualCents).toBe(650_000);
  });

  it('multiplies in SQL by the same table', () => {
    expect(visitsPerYearSql('b.frequency')).toBe(
      "(case b.frequency when 'Weekly' then 52 when 'Biweekly' then 26 when 'Monthly' then 13 else 0 end)",
    );
  });
});
