// The date and time pickers in the business's zone (docs/decisions.md, "Staff dates and times"). antd's
// DatePicker reads and writes the browser's clock, so a picker holds a "wall-clock twin": a browser-local
// Dayjs whose fields (date, hour, minute) are the business's wall clock at the instant. A value shown as
// 9:00 AM is 9:00 AM where the business is, and picking 9:00 AM in Tokyo means 9:00 AM in Chicago.
import { instantOfLocal, localPartsOf } from '@shine/shared/scheduling';
import dayjs, { type Dayjs } from 'dayjs';
import { businessTimeZone } from './date-time.ts';

const NINE_AM = 9 * 60;

const msOf = (at: Date | string | number | Dayjs) => (dayjs.isDayjs(at) ? at.valueOf() : new Date(at).getTime());

/** An instant as a picker shows it: a local Dayjs reading the business's date and wall clock (to the minute). */
export function pickerValueOf(at: Date | string | number | Dayjs, timeZone: string = businessTimeZone()): Dayjs {
  const { year, month, day, minuteOfDay } = localPartsOf(msOf(at), timeZone);
  return dayjs(new Date(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60));
}

/** What a picked value means: its date and wall clock in the business's zone, as an instant. */
export function instantOfPickerValue(value: Dayjs, timeZone: string = businessTimeZone()): Date {
  return new Date(
    instantOfLocal(timeZone, value.year(), value.month() + 1, value.date(), value.hour() * 60 + value.minute()),
  );
}

/** The last moment of a picked calendar day in the business's zone (a date-only picker's "until"). */
export function endOfPickedDay(value: Dayjs, timeZone: string = businessTimeZone()): Date {
  const next = new Date(Date.UTC(value.year(), value.month(), value.date() + 1));
  return new Date(instantOfLocal(timeZone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0) - 1);
}

/** A wall-clock time (minutes after midnight, 9 AM by default) `days` business calendar days after `now`'s. */
export function businessClockAfter(
  now: Date,
  days: number,
  minuteOfDay: number = NINE_AM,
  timeZone: string = businessTimeZone(),
): Date {
  const today = localPartsOf(now.getTime(), timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return new Date(instantOfLocal(timeZone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), minuteOfDay));
}

/** 9 AM on the business's next Monday (a week on from a Monday). */
export function nextBusinessMondayAtNine(now: Date, timeZone: string = businessTimeZone()): Date {
  const { weekday } = localPartsOf(now.getTime(), timeZone);
  return businessClockAfter(now, (8 - weekday) % 7 || 7, NINE_AM, timeZone);
}
