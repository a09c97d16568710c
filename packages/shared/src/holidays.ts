// US federal holidays (5 U.S.C. 6103), computed: fixed dates move to the observed day (a Saturday's
// to the Friday before, a Sunday's to the Monday after); the others are the nth (or last) weekday of
// their month. Offered in Settings → Scheduling as closed days to pick with one click.

export interface Holiday {
  /** The day the business would close: the observed day, "YYYY-MM-DD". */
  date: string;
  name: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A fixed-date holiday's observed day: Saturday → Friday before, Sunday → Monday after. */
function observed(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay();
  if (weekday === 6) date.setUTCDate(day - 1);
  if (weekday === 0) date.setUTCDate(day + 1);
  return date;
}

/** The nth `weekday` (0 Sunday) of the month; n = -1: the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
    return last;
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  first.setUTCDate(1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
  return first;
}

/** The eleven federal holidays of `year`, observed days, in date order. */
export function usFederalHolidays(year: number): Holiday[] {
  const list: Array<[Date, string]> = [
    [observed(year, 1, 1), 'New Year’s Day'],
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), 'Washington’s Birthday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [observed(year, 6, 19), 'Juneteenth'],
    [observed(year, 7, 4), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [observed(year, 11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(year, 12, 25), 'Christmas Day'],
  ];
  return list.map(([date, name]) => ({ date: isoOf(date), name }));
}

/**
 * The holidays whose observed day falls from `today` ("YYYY-MM-DD") through the same date a year on,
 * in order (New Year's Day of next year may be observed on this year's December 31).
 */
export function upcomingUsFederalHolidays(today: string): Holiday[] {
  const year = Number(today.slice(0, 4));
  const until = `${year + 1}${today.slice(4)}`;
  return [year - 1, year, year + 1, year + 2]
    .flatMap(usFederalHolidays)
    .filter((holiday) => holiday.date >= today && holiday.date < until)
    .sort((a, b) => a.date.localeCompare(b.date));
}
