// How the CRM writes dates, times and durations, in one place for every screen. Every date and time
// is the business's (docs/decisions.md, "Staff dates and times"): the zone the server is configured
// with (BUSINESS_TIMEZONE, told by GET /api/admin/me), labelled ("CT") where a time is shown, so a
// colleague travelling, or a browser set to another zone, reads the same clock as the Schedule.
import { DEFAULT_BUSINESS_TIMEZONE } from '@shine/shared/business-time';

let businessZone = DEFAULT_BUSINESS_TIMEZONE;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone the server named (the session's answer); until then the default. */
export function setBusinessTimeZone(timeZone: string): void {
  if (timeZone === businessZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return;
  }
  businessZone = timeZone;
  formatters.clear();
}

export function businessTimeZone(): string {
  return businessZone;
}

function formatter(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: businessZone });
    formatters.set(name, format);
  }
  return format;
}

const partsOf = (format: Intl.DateTimeFormat, at: Date) =>
  Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));

/** The zone as staff say it: "CT" for America/Chicago ("CST"/"CDT" where the generic name is unknown). */
export function businessZoneLabel(at: Date = new Date()): string {
  const generic = partsOf(formatter('zone', { timeZoneName: 'shortGeneric' }), at).timeZoneName;
  if (generic && !generic.startsWith('GMT')) return generic;
  return partsOf(formatter('zone-short', { timeZoneName: 'short' }), at).timeZoneName ?? businessZone;
}

const yearOf = (at: Date) => partsOf(formatter('year', { year: 'numeric' }), at).year;

const dateOf = (at: Date, now: Date) => {
  const { weekday, month, day } = partsOf(formatter('date', { weekday: 'short', month: 'short', day: 'numeric' }), at);
  const year = yearOf(at);
  return `${weekday}, ${month} ${day}${year === yearOf(now) ? '' : `, ${year}`}`;
};

/** "2:35 PM": the business's wall clock, without the zone. */
export function formatTime(value: string | Date): string {
  return formatter('time', { hour: 'numeric', minute: '2-digit' }).format(new Date(value));
}

/** "2:35:12 PM": the business's wall clock to the second, without the zone. */
export function formatTimeWithSeconds(value: string | Date | number): string {
  return formatter('time-seconds', { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(new Date(value));
}

/** "Monday, March 3, 2025" ("Mon, Mar 3, 2025" when `short`): the business's calendar date, with the year. */
export function formatLongDate(at: Date, short = false): string {
  const { weekday, month, day, year } = partsOf(
    short
      ? formatter('long-date-short', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
      : formatter('long-date', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    at,
  );
  return `${weekday}, ${month} ${day}, ${year}`;
}

const parse = (value: string | null | undefined) => {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/** "Wed, Dec 2" (", 2027" when not this year): the business's calendar date. */
export function formatDate(value: string | null | undefined, now: Date = new Date()): string {
  const at = parse(value);
  return at ? dateOf(at, now) : '—';
}

/** "Wed, Dec 2, 2:35 PM CT": the business's date and wall clock, with the zone. */
export function formatDateTime(value: string | null | undefined, now: Date = new Date()): string {
  const at = parse(value);
  return at ? `${dateOf(at, now)}, ${formatTime(at)} ${businessZoneLabel(at)}` : '—';
}

/** A calendar date "2026-12-02" as formatDate writes it ("Wed, Dec 2"), whatever the zone. */
export function formatCalendarDate(date: string, now: Date = new Date()): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  // Noon UTC of that date is the same calendar date in every zone within ±11 hours.
  const at = new Date(Date.UTC(year, month - 1, day, 12));
  const weekday = at.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  const name = at.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${weekday}, ${name} ${day}${String(year) === yearOf(now) ? '' : `, ${year}`}`;
}

/** The business's calendar date now: "2026-12-02". */
export function businessDateOf(at: Date): string {
  const { year, month, day } = partsOf(
    formatter('iso-date', { year: 'numeric', month: '2-digit', day: '2-digit' }),
    at,
  );
  return `${year}-${month}-${day}`;
}

/** Business minutes as "12 min" or "3 h 5 min". */
export function formatBusinessMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/**
 * Whether an instant falls on the same calendar day as `now` in the company's time zone, the day
 * the metrics count "today" by, so a browser in another zone agrees with the Today card.
 */
export function isBusinessToday(value: string | null | undefined, now: Date = new Date()): boolean {
  const at = parse(value);
  return at ? businessDateOf(at) === businessDateOf(now) : false;
}
