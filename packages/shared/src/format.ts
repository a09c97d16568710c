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

/** "tel:" link for a free-form phone number. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
