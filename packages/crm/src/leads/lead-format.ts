import { DEFAULT_BUSINESS_TIMEZONE } from '@shine/shared/business-time';
import dayjs from 'dayjs';

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '—';
}

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : '—';
}

/** A follow-up time in the past on a lead still being worked. */
export function isOverdue(nextFollowUpAt: string | null, status: string, now: Date = new Date()): boolean {
  if (!nextFollowUpAt || status === 'Won' || status === 'Lost') return false;
  return new Date(nextFollowUpAt).getTime() < now.getTime();
}

export function describeService(lead: {
  cleaningType: string;
  bedrooms: string;
  bathrooms: string;
  frequency: string;
}): string {
  return `${lead.cleaningType} · ${lead.bedrooms} bd / ${lead.bathrooms} ba · ${lead.frequency}`;
}

/** Clicks on controls inside a row must not also open the row. */
export function isFromInteractiveElement(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      'a, button, input, textarea, label, [role="combobox"], .ant-select, .ant-checkbox-wrapper, .ant-table-selection-column',
    ) !== null
  );
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
