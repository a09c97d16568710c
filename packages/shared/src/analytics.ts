// The analytics screen's date range: business dates in the business time zone,
// both ends included. The API reads it from the query, the CRM from its URL; both with this schema.
import { z } from 'zod';
import { MAX_DATE_YEAR, MIN_DATE_YEAR } from './date-range.ts';

/** Two years of weeks is the longest range a chart still shows legibly (105 weekly bars). */
export const MAX_ANALYTICS_RANGE_DAYS = 731;
/** The range the screen opens with: the last 12 weeks, today included. */
export const DEFAULT_ANALYTICS_RANGE_DAYS = 84;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function businessDateSchema(label: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`),
    })
    .refine(isCalendarDate, { error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
    }, `${label} must be between the years ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** GET /api/admin/reports/analytics?from=&to= */
export const analyticsRangeSchema = z
  .object({ from: businessDateSchema('Start date'), to: businessDateSchema('End date') })
  .refine(({ from, to }) => from <= to, { path: ['to'], error: 'End date must not be before the start date' })
  .refine(({ from, to }) => from > to || daysInRange(from, to) <= MAX_ANALYTICS_RANGE_DAYS, {
    path: ['to'],
    error: `The range can be at most ${MAX_ANALYTICS_RANGE_DAYS} days`,
  });
export type AnalyticsRange = z.output<typeof analyticsRangeSchema>;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday on or before `date` (weeks start on Monday, as PostgreSQL's date_trunc('week')). */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every week (its Monday) that overlaps the range, oldest first. */
export function weeksOfRange({ from, to }: AnalyticsRange): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Every month (YYYY-MM) that overlaps the range, oldest first. */
export function monthsOfRange({ from, to }: AnalyticsRange): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The default range ending on `today` (a business date). */
export function defaultAnalyticsRange(today: string): AnalyticsRange {
  return { from: addDays(today, -(DEFAULT_ANALYTICS_RANGE_DAYS - 1)), to: today };
}
