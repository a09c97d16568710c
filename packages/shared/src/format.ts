import { DEFAULT_ESTIMATED_VALUE } from './constants.ts';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Estimated values show as whole dollars, 250 when absent (docs/requirements.md#lead). */
export function formatDealValue(value: number | string | null | undefined): string {
  const amount = value === null || value === undefined || value === '' ? DEFAULT_ESTIMATED_VALUE : Number(value);
  return wholeDollars.format(Math.round(amount));
}

export function formatCurrency(value: number): string {
  return wholeDollars.format(Math.round(value));
}

/** Conversion rate to 1 decimal (docs/requirements.md#constants). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const englishPlurals = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number: "1 lead", "3 leads", "0 leads". The plural is the noun
 * with an "s" unless given ("1 person", "2 people").
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? singular : plural}`;
}

/** "tel:" link for a free-form phone number. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A sum of money the API sends as a decimal string ("1234.50"), formatted exactly: no float on the way. */
export function formatMoney(decimal: `${number}` | string): string {
  return dollarsAndCents.format(decimal as `${number}`);
}
