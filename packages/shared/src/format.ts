import { DEFAULT_ESTIMATED_VALUE } from './constants.ts';

/**
 * A formatter made on its first use, then kept. Making an Intl formatter loads its locale data: the
 * first currency formatter cost the quote page ~45 ms of a phone's main thread while it loaded,
 * though the form formats no price (a bundler keeps an unused `new Intl…` for its side effects).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const wholeDollars = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);

/** Estimated values show as whole dollars, 250 when absent (docs/requirements.md#lead). */
export function formatDealValue(value: number | string | null | undefined): string {
  const amount = value === null || value === undefined || value === '' ? DEFAULT_ESTIMATED_VALUE : Number(value);
  return wholeDollars().format(Math.round(amount));
}

export function formatCurrency(value: number): string {
  return wholeDollars().format(Math.round(value));
}

/** Conversion rate to 1 decimal (docs/requirements.md#constants). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const englishPlurals = onFirstUse(() => new Intl.PluralRules('en-US'));

/**
 * A count with its noun in the right number: "1 lead", "3 leads", "0 leads". The plural is the noun
 * with an "s" unless given ("1 person", "2 people").
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${englishPlurals().select(count) === 'one' ? singular : plural}`;
}

/**
 * A room choice of the quote form with its noun in the right number: "1 bathroom", "1.5 bathrooms",
 * "5+ bedrooms". Every place that writes rooms in words uses it.
 */
export function formatRoomCount(choice: string, singular: 'bedroom' | 'bathroom'): string {
  const count = Number.parseFloat(choice);
  const one = !choice.includes('+') && englishPlurals().select(count) === 'one';
  return `${choice} ${one ? singular : `${singular}s`}`;
}

/** "2 bedrooms, 1 bathroom" */
export function formatRooms(bedrooms: string, bathrooms: string): string {
  return `${formatRoomCount(bedrooms, 'bedroom')}, ${formatRoomCount(bathrooms, 'bathroom')}`;
}

const calendarDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/**
 * A calendar date (YYYY-MM-DD, no time zone: a day the customer picked) in the business's words:
 * "Tue, Dec 1, 2026". Anything that is not such a date is answered as given.
 */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(at.getTime()) ? date : calendarDate().format(at);
}

/** "tel:" link for a free-form phone number. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const dollarsAndCents = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** A sum of money the API sends as a decimal string ("1234.50"), formatted exactly: no float on the way. */
export function formatMoney(decimal: `${number}` | string): string {
  return dollarsAndCents().format(decimal as `${number}`);
}
