// How the CRM writes dates, times and durations, in one place for every screen.
import { DEFAULT_BUSINESS_TIMEZONE } from '@shine/shared/business-time';
import dayjs from 'dayjs';

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '—';
}

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : '—';
}

/** Business minutes as "12 min" or "3 h 5 min". */
export function formatBusinessMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ''}`;
}

// en-CA writes the calendar date as YYYY-MM-DD, which compares as text.
const businessDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_BUSINESS_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Whether an instant falls on the same calendar day as `now` in the company's time zone, the day
 * the metrics count "today" by, so a browser in another zone agrees with the Today card.
 */
export function isBusinessToday(value: string | null | undefined, now: Date = new Date()): boolean {
  if (!value) return false;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return false;
  return businessDateFormat.format(at) === businessDateFormat.format(now);
}
