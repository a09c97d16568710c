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

export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** YYYY-MM-DD in the visitor's time zone (toISOString would use UTC and can be a day off). */
export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
