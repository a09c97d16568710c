// Recurring revenue (docs/decisions.md, "Recurring revenue"): a recurring service's regular per-visit
// price × the visits its series makes in a year (VISITS_PER_YEAR: Weekly 52, Biweekly 26, Monthly every
// four weeks 13), in whole cents. One Time has none. The regular price is never the first visit's
// (WELCOME40 is for the first cleaning only): an accepted quote gives its lead `regularVisitPrice`.
// The drawer and the export use leadRecurringRevenue; the SQL of the dashboard and analytics writes
// the same rule (recurringValueSql, leadValuePerVisitSql), so every figure agrees.
import { DEFAULT_ESTIMATED_VALUE } from './constants.ts';
import { FREQUENCIES, type Frequency } from './enums.ts';
import type { Quote } from './responses/quotes.ts';
import { isRecurring, VISITS_PER_YEAR } from './scheduling.ts';

export interface RecurringRevenue {
  frequency: Frequency;
  visitsPerYear: number;
  perVisitCents: number;
  annualCents: number;
}

export function recurringRevenueOf(frequency: Frequency, perVisitCents: number): RecurringRevenue | null {
  if (!isRecurring(frequency)) return null;
  const visitsPerYear = VISITS_PER_YEAR[frequency];
  return { frequency, visitsPerYear, perVisitCents, annualCents: perVisitCents * visitsPerYear };
}

const isFrequency = (value: string): value is Frequency => (FREQUENCIES as readonly string[]).includes(value);

/**
 * A lead's: its estimated value is the per-visit price (250 when absent, as every display and sum). A
 * lead's frequency is the text its request gave; one that is no frequency has none.
 */
export function leadRecurringRevenue(lead: {
  frequency: string;
  estimatedValue: number | null;
}): RecurringRevenue | null {
  if (!isFrequency(lead.frequency)) return null;
  // The value is numeric(10,2): ×100 rounded is its exact number of cents.
  return recurringRevenueOf(lead.frequency, Math.round((lead.estimatedValue ?? DEFAULT_ESTIMATED_VALUE) * 100));
}

/**
 * A quote's regular per-visit price, a decimal string: a recurring quote's price of each visit after
 * the first (the quote without WELCOME40), a One Time quote's total. What an accepted quote makes its
 * lead's estimated value and what a booking freezes as its per-visit price.
 */
export function regularVisitPrice(quote: Pick<Quote, 'total' | 'recurring'>): string {
  return quote.recurring?.perVisitTotal ?? quote.total;
}

/** A lead's value per visit in SQL: its estimated value column, 250 when absent (as leadRecurringRevenue). */
export function leadValuePerVisitSql(column: string): string {
  return `coalesce(${column}, ${DEFAULT_ESTIMATED_VALUE})`;
}

/** Recurring value a year in SQL: `perVisit` (an expression) × the visits a year of a frequency column, 0 for One Time. */
export function recurringValueSql(perVisit: string, frequencyColumn: string): string {
  return `((${perVisit}) * ${visitsPerYearSql(frequencyColumn)})`;
}

/** `case <column> when 'Weekly' then 52 … else 0 end`: visits a year of a frequency column, 0 for One Time. */
export function visitsPerYearSql(column: string): string {
  const branches = (Object.keys(VISITS_PER_YEAR) as Frequency[])
    .filter(isRecurring)
    .map((frequency) => `when '${frequency}' then ${VISITS_PER_YEAR[frequency]}`)
    .join(' ');
  return `(case ${column} ${branches} else 0 end)`;
}
