import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  arrivalWindowAt,
  arrivalWindows,
  isClosedOn,
  businessDayOf,
  CrewCalendar,
  calendarDateIn,
  DEFAULT_SCHEDULING_SETTINGS,
  formatArrivalWindow,
  formatInstantIn,
  freeWindows,
  schedulingSettingsSchema,
  visitDurationMinutes,
} from './scheduling.ts';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;

/** The next date (YYYY-MM-DD) on which the zone's offset changes, found from today (never a fixed year). */
function nextChangeDate(): string {
  const name = (instant: number) =>
    new Date(instant).toLocaleString('en-US', { timeZone: ZONE, timeZoneName: 'short' }).slice(-3);
  // Noon UTC is after the 2 AM change in the Americas: each day is compared after its change.
  const today = new Date();
  for (let day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12); ; day += 24 * HOUR) {
    if (name(day) !== name(day + 24 * HOUR)) return calendarDateIn(day + 24 * HOUR, ZONE);
  }
}

describe('visit duration', () => {
  it('runs from the package’s shortest time for the smallest home to its longest for the largest, in half hours', () => {
    expect(visitDurationMinutes('Basic', '1', '1')).toBe(120);
    expect(visitDurationMinutes('Basic', '5+', '3.5+')).toBe(240);
    expect(visitDurationMinutes('Deep', '1', '1')).toBe(240);
    expect(visitDurationMinutes('Deep', '5+', '3.5+')).toBe(480);
    expect(visitDurationMinutes('Move In/Out', '3', '2')).toBe(visitDurationMinutes('Deep', '3', '2'));
    // Basic, 2 bedrooms and 1.5 baths: 2 of 9 steps → 146.7 minutes → 2.5 hours.
    expect(visitDurationMinutes('Basic', '2', '1.5')).toBe(150);
    expect(visitDurationMinutes('Deep', '2', '1.5') % 30).toBe(0);
  });
});

describe('arrival windows', () => {
  it('keeps the wall-clock windows on the day daylight saving changes and the days around it', () => {
    const change = nextChangeDate();
    const [year, month, day] = change.split('-').map(Number) as [number, number, number];
    const before = new Date(Date.UTC(year, month - 1, day - 2)).toISOString().slice(0, 10);
    const windows = arrivalWindows(DEFAULT_SCHEDULING_SETTINGS, before, 5, ZONE);
    const local = windows.map((window) => formatInstantIn(window.start, ZONE));
    // Friday, Saturday, (Sunday closed: the change), Monday, Tuesday.
    expect(local.map((text) => text.slice(11, 16))).toEqual([
      ...['08:00', '10:00', '12:00', '14:00'],
      ...['09:00', '11:00'],
      ...['08:00', '10:00', '12:00', '14:00'],
      ...['08:00', '10:00', '12:00', '14:00'],
    ]);
    expect(new Set(local.map((text) => text.slice(19))).size).toBe(2);
    for (const window of windows) expect(window.end - window.start).toBe(2 * HOUR);
  });

  it('offers no window on a closed date, and says which instants fall on one', () => {
    // 2026-12-24 to 2026-12-26: Thursday, Friday (Christmas, closed), Saturday.
    const settings = { ...DEFAULT_SCHEDULING_SETTINGS, closedDates: ['2026-12-25'] };
    const days = arrivalWindows(settings, '2026-12-24', 3, ZONE).map((w) =>
      formatInstantIn(w.start, ZONE).slice(0, 10),
    );
    expect([...new Set(days)]).toEqual(['2026-12-24', '2026-12-26']);
    const open = arrivalWindows(DEFAULT_SCHEDULING_SETTINGS, '2026-12-25', 1, ZONE);
    expect(open).toHaveLength(4);
    expect(arrivalWindowAt(settings, open[0]?.start ?? 0, ZONE)).toBeUndefined();
    expect(isClosedOn(settings, open[0]?.start ?? 0, ZONE)).toBe(true);
    // 11 PM on the 24th in Chicago is already the 25th in UTC: still an open day here.
    expect(isClosedOn(settings, Date.parse('2026-12-25T05:00:00Z'), ZONE)).toBe(false);
  });

  it('moves a weekly visit by seven calendar days at the same wall-clock time across the change', () => {
    const change = nextChangeDate();
    const [year, month, day] = change.split('-').map(Number) as [number, number, number];
    const friday = new Date(Date.UTC(year, month - 1, day - 2)).toISOString().slice(0, 10);
    const [first] = arrivalWindows(DEFAULT_SCHEDULING_SETTINGS, friday, 1, ZONE);
    if (!first) throw new Error('no window');
    const next = addLocalDays(first.start, 7, ZONE);
    expect(formatInstantIn(next, ZONE).slice(11, 16)).toBe('08:00');
    expect(Math.abs(next - first.start - 7 * 24 * HOUR)).toBe(HOUR);
  });
});

describe('free windows', () => {
  const day = '2030-01-07'; // a Monday well ahead; the calendar is built on it
  const windows = arrivalWindows(DEFAULT_SCHEDULING_SETTINGS, day, 1, ZONE);
  const [eight, ten] = windows;

  it('offers a window while any crew is free for the whole visit, and only if it ends by closing', () => {
    if (!eight || !ten) throw new Error('no windows');
    const crew1 = { crew: 1, start: eight.start, end: eight.start + 3 * HOUR };
    const busyOne = new CrewCalendar([crew1]);
    const free = (calendar: CrewCalendar, minutes: number) =>
      freeWindows({
        settings: DEFAULT_SCHEDULING_SETTINGS,
        windows,
        durationMinutes: minutes,
        earliest: 0,
        calendar,
      }).map((w) => formatInstantIn(w.start, ZONE).slice(11, 16));
    expect(free(busyOne, 180)).toEqual(['08:00', '10:00', '12:00', '14:00']);
    const busyBoth = new CrewCalendar([crew1, { ...crew1, crew: 2 }]);
    // Both crews are busy 8–11: the 10:00 visit would overlap them.
    expect(free(busyBoth, 180)).toEqual(['12:00', '14:00']);
    expect(free(new CrewCalendar([]), 300)).toEqual(['08:00', '10:00', '12:00']);
    expect(free(new CrewCalendar([]), 120)).toEqual(['08:00', '10:00', '12:00', '14:00']);
  });

  it('treats back-to-back visits as free and any overlap as busy', () => {
    const calendar = new CrewCalendar([
      { crew: 1, start: 10, end: 20 },
      { crew: 1, start: 30, end: 40 },
    ]);
    expect(calendar.isFree(1, 20, 30)).toBe(true);
    expect(calendar.isFree(1, 0, 10)).toBe(true);
    expect(calendar.isFree(1, 19, 21)).toBe(false);
    expect(calendar.isFree(1, 25, 31)).toBe(false);
    expect(calendar.isFree(1, 0, 50)).toBe(false);
    expect(calendar.isFree(2, 0, 50)).toBe(true);
    expect(calendar.freeCrews(2, 15, 16)).toEqual([2]);
  });
});

describe('scheduling settings', () => {
  it('accepts the defaults and refuses windows outside the working hours or out of order', () => {
    expect(schedulingSettingsSchema.parse(DEFAULT_SCHEDULING_SETTINGS)).toEqual(DEFAULT_SCHEDULING_SETTINGS);
    const days = [...DEFAULT_SCHEDULING_SETTINGS.days];
    days[2] = { open: '08:00', close: '12:00', windows: ['10:00', '09:00', '12:00'] };
    const result = schedulingSettingsSchema.safeParse({ ...DEFAULT_SCHEDULING_SETTINGS, days });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['days.2.windows.1', 'days.2.windows.2']);
    expect(schedulingSettingsSchema.safeParse({ ...DEFAULT_SCHEDULING_SETTINGS, crews: [] }).success).toBe(false);
  });
});

describe('the business day and its windows in words', () => {
  it('runs from local midnight to the next, 23 or 25 hours on the day daylight saving changes', () => {
    const change = nextChangeDate();
    const [year, month, day] = change.split('-').map(Number) as [number, number, number];
    const noon = Date.UTC(year, month - 1, day, 18);
    const { start, end } = businessDayOf(noon, ZONE);
    expect(formatInstantIn(start, ZONE).slice(0, 19)).toBe(`${change}T00:00:00`);
    expect(calendarDateIn(end, ZONE)).not.toBe(change);
    expect(formatInstantIn(end, ZONE).slice(11, 19)).toBe('00:00:00');
    expect([23 * HOUR, 25 * HOUR]).toContain(end - start);
    const ordinary = businessDayOf(noon + 7 * 24 * HOUR, ZONE);
    expect(ordinary.end - ordinary.start).toBe(24 * HOUR);
    // A minute before midnight still belongs to the day; midnight itself to the next.
    expect(businessDayOf(end - 60_000, ZONE).start).toBe(start);
    expect(businessDayOf(end, ZONE).start).toBe(end);
  });

  it('says a window the way the business does, in summer and winter time alike', () => {
    const summer = Date.UTC(2030, 6, 2, 13); // 8 AM in Chicago (daylight time, UTC−5)
    const winter = Date.UTC(2030, 11, 3, 14); // 8 AM in Chicago (standard time, UTC−6)
    expect(formatArrivalWindow(summer, summer + 2 * HOUR, ZONE)).toBe('Tue, Jul 2, 8–10 AM');
    expect(formatArrivalWindow(winter, winter + 2 * HOUR, ZONE)).toBe('Tue, Dec 3, 8–10 AM');
  });

  it('names both halves of the day when a window crosses noon, and minutes only when there are some', () => {
    const start = Date.UTC(2030, 0, 8, 17); // 11 AM in Chicago (winter, UTC−6)
    expect(formatArrivalWindow(start, start + 2 * HOUR, ZONE)).toBe('Tue, Jan 8, 11 AM–1 PM');
    expect(formatArrivalWindow(start + 90 * 60_000, start + 210 * 60_000, ZONE)).toBe('Tue, Jan 8, 12:30–2:30 PM');
  });
});
