// My Day's snooze: a few preset times a person picks with one click, in their own clock.
import dayjs from 'dayjs';

export interface SnoozeChoice {
  key: string;
  label: string;
  at: (now: Date) => Date;
}

const atNine = (day: dayjs.Dayjs) => day.hour(9).minute(0).second(0).millisecond(0);

export const SNOOZE_CHOICES: readonly SnoozeChoice[] = [
  { key: 'hour', label: 'In 1 hour', at: (now) => dayjs(now).add(1, 'hour').toDate() },
  { key: 'tomorrow', label: 'Tomorrow 9 AM', at: (now) => atNine(dayjs(now).add(1, 'day')).toDate() },
  {
    key: 'monday',
    label: 'Next Monday 9 AM',
    // Monday is day 1; from a Monday, the one a week on.
    at: (now) => atNine(dayjs(now).add((8 - dayjs(now).day()) % 7 || 7, 'day')).toDate(),
  },
];
