// My Day's snooze: a few preset times a person picks with one click, on the business's clock (9 AM is
// 9 AM where the business is, whatever the browser's zone; the menu says the zone).
import { businessClockAfter, nextBusinessMondayAtNine } from '../format/picker-time.ts';
import { businessTimeZone } from '../format/date-time.ts';

export interface SnoozeChoice {
  key: string;
  label: string;
  /** The label names a wall-clock time: the menu adds the zone ("Tomorrow 9 AM CT"). */
  clock: boolean;
  at: (now: Date, timeZone?: string) => Date;
}

const HOUR_MS = 3_600_000;

export const SNOOZE_CHOICES: readonly SnoozeChoice[] = [
  { key: 'hour', label: 'In 1 hour', clock: false, at: (now) => new Date(now.getTime() + HOUR_MS) },
  {
    key: 'tomorrow',
    label: 'Tomorrow 9 AM',
    clock: true,
    at: (now, timeZone = businessTimeZone()) => businessClockAfter(now, 1, 9 * 60, timeZone),
  },
  {
    key: 'monday',
    label: 'Next Monday 9 AM',
    clock: true,
    at: (now, timeZone = businessTimeZone()) => nextBusinessMondayAtNine(now, timeZone),
  },
];
