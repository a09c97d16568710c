/**
 * The copyright year and the legal pages' "last updated" date show the visitor's current date
 * (docs/requirements.md#constants), not the build date baked into the static HTML, which stays as the fallback.
 */
export function fillCurrentDates(root: ParentNode = document, now: Date = new Date()): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-current-year]')) {
    el.textContent = String(now.getFullYear());
  }
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[data-current-date]')) {
    el.textContent = formatLongDate(now);
    el.dateTime = formatIsoDate(now);
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * "March 5, 2031", as en-US writes a long date. Not through Intl: its first use loads the locale data,
 * 25–30 ms of main-thread work on every legal page (four times that on Lighthouse's mobile CPU).
 */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** YYYY-MM-DD in the visitor's time zone (toISOString would use UTC and can be a day off). */
export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
