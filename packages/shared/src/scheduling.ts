// Scheduling: the company's crews, working days and arrival windows, how long a visit takes, and
// which arrival windows are free (docs/decisions.md, "Scheduling"). Pure: the API reads the busy
// crews from the database and asks these functions; the database alone decides a booking (the
// visits' exclusion constraint), so nothing here is a promise.
//
// Wall-clock times are in the business time zone; @date-fns/tz turns a local date and time into an
// instant with the zone's offset of that day, so daylight saving never shifts a window.
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  type BathroomChoice,
  type BedroomChoice,
  type CleaningType,
  type Frequency,
} from './enums.ts';

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const TIME_MESSAGE = 'Use a time like 08:00';
const timeSchema = z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

/** "08:30" → 510 */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 510 → "08:30" */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const workingDaySchema = z.strictObject({
  open: timeSchema,
  close: timeSchema,
  /** The arrival windows' start times, e.g. 08:00, 10:00. */
  windows: z.array(timeSchema).max(12, 'At most 12 arrival windows a day'),
});
export type WorkingDay = z.output<typeof workingDaySchema>;

/** How far ahead customers book themselves until an admin says otherwise (weeks). */
export const BOOKING_HORIZON_WEEKS_DEFAULT = 6;

const CLOSED_DATE_MESSAGE = 'Use a date like 2026-12-25';
/** A real calendar date, "YYYY-MM-DD". */
const closedDateSchema = z
  .string({ error: CLOSED_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CLOSED_DATE_MESSAGE)
  .refine((text) => {
    const time = Date.parse(`${text}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
  }, 'Use a real date like 2026-12-25');

const leadTimeSchema = z
  .number({ error: 'Enter a number of hours' })
  .int('Enter whole hours')
  .min(0, 'At least 0 hours')
  .max(24 * 60, 'At most 60 days');

export const schedulingSettingsSchema = z
  .strictObject({
    /** The crews' names; a crew's number is its place in the list (1 first). */
    crews: z
      .array(z.string({ error: 'Name the crew' }).trim().min(1, 'Name the crew').max(60, 'At most 60 characters'))
      .min(1, 'At least one crew')
      .max(20, 'At most 20 crews'),
    /** Sunday first; null: no cleanings that day. */
    days: z.array(workingDaySchema.nullable()).length(7),
    /** How long an arrival window is (the crew arrives within it). */
    windowMinutes: z.number().int().min(30, 'At least 30 minutes').max(240, 'At most 4 hours'),
    /** How far ahead a customer may book online, per cleaning type (staff may book sooner). */
    leadTimeHours: z.strictObject({ Basic: leadTimeSchema, Deep: leadTimeSchema, 'Move In/Out': leadTimeSchema }),
    /**
     * How far ahead a customer may book or move a cleaning themselves, in weeks (staff may book any
     * time). Settings saved before it existed read as the default.
     */
    bookingHorizonWeeks: z
      .number({ error: 'Enter a number of weeks' })
      .int('Enter whole weeks')
      .min(1, 'At least 1 week')
      .max(52, 'At most 52 weeks')
      .default(BOOKING_HORIZON_WEEKS_DEFAULT),
    /**
     * Days the business is closed ("YYYY-MM-DD", business time zone): no window is offered on them and
     * a series' visit that falls on one moves to the next free window. Kept sorted, each once.
     */
    closedDates: z
      .array(closedDateSchema, { error: 'List the closed dates' })
      .max(366, 'At most 366 closed dates')
      .overwrite((dates) => [...new Set(dates)].sort())
      .default([]),
  })
  .superRefine((settings, context) => {
    settings.days.forEach((day, index) => {
      if (!day) return;
      const open = minutesOfTime(day.open);
      const close = minutesOfTime(day.close);
      if (close <= open) {
        context.addIssue({ code: 'custom', path: ['days', index, 'close'], message: 'Close after opening' });
        return;
      }
      const starts = day.windows.map(minutesOfTime);
      starts.forEach((start, w) => {
        if (start < open || start >= close)
          context.addIssue({
            code: 'custom',
            path: ['days', index, 'windows', w],
            message: 'An arrival window starts within the working hours',
          });
        else if (w > 0 && start <= (starts[w - 1] ?? -1))
          context.addIssue({
            code: 'custom',
            path: ['days', index, 'windows', w],
            message: 'List the windows in order, each once',
          });
      });
    });
  });
export type SchedulingSettings = z.output<typeof schedulingSettingsSchema>;

const weekday = (open: string, close: string, windows: string[]): WorkingDay => ({ open, close, windows });

/**
 * Until an admin saves them: the brief's business hours (docs/requirements.md) (Mon–Fri 8–6, Sat 9–4, no Sunday) with two-hour
 * arrival windows, and its booking advice (48 hours for regular cleaning, a week for deep; Move In/Out as deep).
 */
export const DEFAULT_SCHEDULING_SETTINGS: SchedulingSettings = {
  crews: ['Crew 1', 'Crew 2'],
  days: [
    null,
    ...Array.from({ length: 5 }, () => weekday('08:00', '18:00', ['08:00', '10:00', '12:00', '14:00'])),
    weekday('09:00', '16:00', ['09:00', '11:00']),
  ],
  windowMinutes: 120,
  leadTimeHours: { Basic: 48, Deep: 168, 'Move In/Out': 168 },
  bookingHorizonWeeks: BOOKING_HORIZON_WEEKS_DEFAULT,
  closedDates: [],
};

/** The brief's package durations (docs/requirements.md): Residential (Basic) 2–4 hours, Deep 4–8; Move In/Out is a deep clean. */
export const PACKAGE_DURATION_MINUTES: Record<CleaningType, readonly [number, number]> = {
  Basic: [120, 240],
  Deep: [240, 480],
  'Move In/Out': [240, 480],
};

const DURATION_STEP_MINUTES = 30;

/**
 * A visit's expected length: the package's shortest time for the smallest home (1 bedroom, 1 bath),
 * its longest for the largest (5+ bedrooms, 3.5+ baths), in between by the home's size (bedrooms and
 * bathrooms count alike, one step each), rounded up to half an hour (docs/decisions.md, "Scheduling").
 */
export function visitDurationMinutes(
  cleaningType: CleaningType,
  bedrooms: BedroomChoice,
  bathrooms: BathroomChoice,
): number {
  const [shortest, longest] = PACKAGE_DURATION_MINUTES[cleaningType];
  const steps = BEDROOM_CHOICES.length - 1 + (BATHROOM_CHOICES.length - 1);
  const size = Math.max(0, BEDROOM_CHOICES.indexOf(bedrooms)) + Math.max(0, BATHROOM_CHOICES.indexOf(bathrooms));
  const exact = shortest + ((longest - shortest) * size) / steps;
  return Math.ceil(exact / DURATION_STEP_MINUTES) * DURATION_STEP_MINUTES;
}

/** Recurring frequencies, as days between visits; One Time has none. Monthly is every four weeks. */
export const FREQUENCY_INTERVAL_DAYS: Record<Frequency, number | null> = {
  'One Time': null,
  Weekly: 7,
  Biweekly: 14,
  Monthly: 28,
};

/** How often a recurring service comes, as a customer reads it ("every two weeks"); none for One Time. */
export const EVERY: Readonly<Partial<Record<Frequency, string>>> = {
  Weekly: 'every week',
  Biweekly: 'every two weeks',
  Monthly: 'every four weeks',
};

/** Visits a year of each frequency, for recurring revenue (every four weeks: 13). */
export const VISITS_PER_YEAR: Record<Frequency, number> = {
  'One Time': 1,
  Weekly: 52,
  Biweekly: 26,
  Monthly: 13,
};

export const isRecurring = (frequency: Frequency) => FREQUENCY_INTERVAL_DAYS[frequency] !== null;

const MINUTE_MS = 60_000;

/** A calendar date "2026-12-01" → [2026, 12, 1], or undefined when it is not a real date. */
export function parseCalendarDate(text: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return [year, month, day];
}

/** The business's calendar date at an instant: "2026-12-01". */
export function calendarDateIn(instant: number, timeZone: string): string {
  const local = new TZDate(instant, timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/** The instant of a wall-clock time on a calendar date in the zone. */
export function instantOfLocal(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minuteOfDay: number,
): number {
  return new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone).getTime();
}

/** An instant as ISO 8601 with the zone's offset of that moment: "2026-12-01T08:00:00-06:00". */
export function formatInstantIn(instant: number, timeZone: string): string {
  return new TZDate(instant, timeZone).toISOString().replace('.000', '');
}

/** The local date, weekday and minute of the day of an instant in the zone. */
export function localPartsOf(instant: number, timeZone: string) {
  const local = new TZDate(instant, timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    weekday: local.getDay(),
    minuteOfDay: local.getHours() * 60 + local.getMinutes(),
  };
}

/** The same wall-clock time `days` calendar days later (across a daylight-saving change too). */
export function addLocalDays(instant: number, days: number, timeZone: string): number {
  const parts = localPartsOf(instant, timeZone);
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return instantOfLocal(timeZone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), parts.minuteOfDay);
}

/** An arrival window on one day: when the crew arrives (start–end) and when the working day closes. */
export interface ArrivalWindow {
  start: number;
  end: number;
  /** The day's closing time: a visit must be done by then. */
  close: number;
}

/** Every arrival window of `days` calendar days from `from` ("YYYY-MM-DD"), in order; none on a closed date. */
export function arrivalWindows(
  settings: SchedulingSettings,
  from: string,
  days: number,
  timeZone: string,
): ArrivalWindow[] {
  const parsed = parseCalendarDate(from);
  if (!parsed) return [];
  const [year, month, day] = parsed;
  const windows: ArrivalWindow[] = [];
  const closed = new Set(settings.closedDates);
  for (let offset = 0; offset < days; offset++) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const working = settings.days[date.getUTCDay()];
    if (!working || closed.has(date.toISOString().slice(0, 10))) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const close = instantOfLocal(timeZone, y, m, d, minutesOfTime(working.close));
    for (const time of working.windows) {
      const start = instantOfLocal(timeZone, y, m, d, minutesOfTime(time));
      windows.push({ start, end: start + settings.windowMinutes * MINUTE_MS, close });
    }
  }
  return windows;
}

/** The window that starts at `start`, if the settings have one then. */
export function arrivalWindowAt(
  settings: SchedulingSettings,
  start: number,
  timeZone: string,
): ArrivalWindow | undefined {
  const date = calendarDateIn(start, timeZone);
  return arrivalWindows(settings, date, 1, timeZone).find((window) => window.start === start);
}

/** Whether `instant` falls on one of the settings' closed dates (in the business time zone). */
export function isClosedOn(
  settings: Pick<SchedulingSettings, 'closedDates'>,
  instant: number,
  timeZone: string,
): boolean {
  return settings.closedDates.includes(calendarDateIn(instant, timeZone));
}

/** A crew's visit: it is busy from start to end. */
export interface BusyInterval {
  crew: number;
  start: number;
  end: number;
}

/** The crews' busy times, sorted by start per crew, for overlap checks. */
export class CrewCalendar {
  private readonly byCrew = new Map<number, BusyInterval[]>();

  constructor(busy: readonly BusyInterval[]) {
    for (const interval of busy) {
      const list = this.byCrew.get(interval.crew) ?? [];
      list.push(interval);
      this.byCrew.set(interval.crew, list);
    }
    for (const list of this.byCrew.values()) list.sort((a, b) => a.start - b.start);
  }

  /** Whether `crew` has nothing overlapping [start, end). */
  isFree(crew: number, start: number, end: number): boolean {
    const list = this.byCrew.get(crew);
    if (!list) return true;
    // Binary search: `low` becomes the first interval starting at or after `end`.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle]?.start ?? 0) < end) low = middle + 1;
      else high = middle;
    }
    // Every interval before `low` starts before `end`; of those the last ends latest (one crew's never overlap).
    const latest = list[low - 1];
    return !(latest && latest.end > start);
  }

  /** The crews (1…count) free for [start, end), first crew first. */
  freeCrews(count: number, start: number, end: number): number[] {
    const free: number[] = [];
    for (let crew = 1; crew <= count; crew++) if (this.isFree(crew, start, end)) free.push(crew);
    return free;
  }
}

/** The arrival windows a visit of `durationMinutes` can still take: not before `earliest`, done by closing, a crew free. */
export function freeWindows(args: {
  settings: SchedulingSettings;
  windows: readonly ArrivalWindow[];
  durationMinutes: number;
  earliest: number;
  calendar: CrewCalendar;
}): ArrivalWindow[] {
  const { settings, durationMinutes, earliest, calendar } = args;
  return args.windows.filter((window) => {
    const end = window.start + durationMinutes * MINUTE_MS;
    return (
      window.start >= earliest &&
      end <= window.close &&
      calendar.freeCrews(settings.crews.length, window.start, end).length > 0
    );
  });
}

/** The business day holding `instant`: from its local midnight to the next (23 or 25 hours across a daylight-saving change). */
export function businessDayOf(instant: number, timeZone: string): { start: number; end: number } {
  const { year, month, day } = localPartsOf(instant, timeZone);
  const start = instantOfLocal(timeZone, year, month, day, 0);
  return { start, end: addLocalDays(start, 1, timeZone) };
}

const clockOf = (minuteOfDay: number) => {
  const hours = Math.floor(minuteOfDay / 60) % 12 || 12;
  const minutes = minuteOfDay % 60;
  return minutes === 0 ? String(hours) : `${hours}:${String(minutes).padStart(2, '0')}`;
};
const halfOf = (minuteOfDay: number) => (minuteOfDay < 720 ? 'AM' : 'PM');

/** The hours of a window from its local minutes of the day: "8–10 AM", "11 AM–1 PM", "12:30–2:30 PM". */
export function formatWindowHours(fromMinute: number, toMinute: number): string {
  return halfOf(fromMinute) === halfOf(toMinute)
    ? `${clockOf(fromMinute)}–${clockOf(toMinute)} ${halfOf(toMinute)}`
    : `${clockOf(fromMinute)} ${halfOf(fromMinute)}–${clockOf(toMinute)} ${halfOf(toMinute)}`;
}

/** An arrival window as the business says it: "Tue, Dec 1, 8–10 AM", "Sat, Dec 5, 11 AM–1 PM". */
export function formatArrivalWindow(start: number, end: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    start,
  );
  return `${day}, ${formatWindowHours(localPartsOf(start, timeZone).minuteOfDay, localPartsOf(end, timeZone).minuteOfDay)}`;
}
