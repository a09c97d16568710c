// Business-hours arithmetic in the company's time zone (docs/requirements.md#constants: Mon–Fri 8–6, Sat 9–4, Sun closed).
// Pure: the zone's offsets come from Intl, so daylight saving is handled without a date library.

export const DEFAULT_BUSINESS_TIMEZONE = 'America/Chicago';

/** Opening hours per weekday (0 = Sunday), as [openHour, closeHour) in local time; null = closed. */
export const OPENING_HOURS: ReadonlyArray<readonly [number, number] | null> = [
  null,
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [8, 18],
  [9, 16],
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, instant: number) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in ms (Chicago in winter: −6 h). */
function offsetAt(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (instant % 1000));
}

/** The instant of a local wall-clock time in the zone. */
/** Minutes since midnight at `at` in `timeZone` (0–1439). */
export function minuteOfDayIn(at: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): number {
  const { hour, minute } = partsIn(timeZone, at.getTime());
  return hour * 60 + minute;
}

export function zonedTimeToInstant(timeZone: string, year: number, month: number, day: number, hour = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, first);
}

/**
 * Business minutes between two instants: only time inside opening hours counts, so a lead that
 * arrives Friday at 5:50 PM and is called Monday at 8:10 AM waited 20 business minutes.
 */
export function businessMinutesBetween(from: Date, to: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  let total = 0;
  const first = partsIn(timeZone, start);
  // Walk local calendar days; noon UTC of the local date keeps the weekday arithmetic DST-safe.
  for (let dayNoon = Date.UTC(first.year, first.month - 1, first.day, 12); ; dayNoon += DAY) {
    const date = new Date(dayNoon);
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const dayStart = zonedTimeToInstant(timeZone, y, m, d, 0);
    if (dayStart >= end) break;
    const hours = OPENING_HOURS[date.getUTCDay()];
    if (hours) {
      const open = zonedTimeToInstant(timeZone, y, m, d, hours[0]);
      const close = zonedTimeToInstant(timeZone, y, m, d, hours[1]);
      const overlap = Math.min(close, end) - Math.max(open, start);
      if (overlap > 0) total += overlap;
    }
  }
  return Math.floor(total / MINUTE);
}

/** The weekday at `at` in `timeZone` (0 = Sunday … 6 = Saturday). */
export function weekdayIn(at: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): number {
  const p = partsIn(timeZone, at.getTime());
  return new Date(Date.UTC(p.year, p.month - 1, p.day, 12)).getUTCDay();
}

/** Whether the business is open at an instant. */
export function isWithinBusinessHours(at: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): boolean {
  const p = partsIn(timeZone, at.getTime());
  const hours = OPENING_HOURS[weekdayIn(at, timeZone)];
  return hours !== null && hours !== undefined && p.hour >= hours[0] && p.hour < hours[1];
}

/**
 * The instant `minutes` business minutes after `from`: a lead that arrives on Saturday at 3:55 PM is
 * due 15 business minutes later on Monday at 8:10 AM. Closed days are skipped whole.
 */
export function addBusinessMinutes(from: Date, minutes: number, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): Date {
  const start = from.getTime();
  let remaining = Math.max(0, minutes) * MINUTE;
  const first = partsIn(timeZone, start);
  for (let dayNoon = Date.UTC(first.year, first.month - 1, first.day, 12); ; dayNoon += DAY) {
    const date = new Date(dayNoon);
    const hours = OPENING_HOURS[date.getUTCDay()];
    if (!hours) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const open = Math.max(zonedTimeToInstant(timeZone, y, m, d, hours[0]), start);
    const close = zonedTimeToInstant(timeZone, y, m, d, hours[1]);
    if (close <= open) continue;
    if (remaining <= close - open) return new Date(open + remaining);
    remaining -= close - open;
  }
}

/** A date as the business says it, in its zone: "Nov 25, 2026". */
export function formatBusinessDate(at: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(at);
}
