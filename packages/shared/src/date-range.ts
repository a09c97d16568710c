// The one schema for every date and time a request carries (docs/security.md, review finding 5).
// ISO 8601 with an offset alone is not enough: "0000-01-01T00:00:00Z" matches it, and PostgreSQL
// refuses year 0 (SQLSTATE 22008) — a 500 instead of a 400. A CRM has no business with dates
// outside 1900–2200, so anything outside is refused here, with a message the form can show, before
// any query runs.
import { z } from 'zod';

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/** Whether an ISO date-time falls in the years MIN_DATE_YEAR..MAX_DATE_YEAR (UTC, as it is stored). */
export function isWithinDateRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/**
 * An ISO 8601 date and time with an offset, in the supported years. `label` starts both messages
 * ("Scheduled time must be a date and time"); without it they start with "Must".
 */
export function dateTimeSchema(label?: string) {
  const subject = label ? `${label} must` : 'Must';
  return z.iso
    .datetime({ offset: true, error: `${subject} be a date and time` })
    .refine(isWithinDateRange, { error: `${subject} be between the years ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}` });
}
