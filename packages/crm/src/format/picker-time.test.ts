import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { setBusinessTimeZone } from './date-time.ts';
import { businessClockAfter, endOfPickedDay, instantOfPickerValue, pickerValueOf } from './picker-time.ts';

/** Runs `check` with the process (the "browser") in another zone. */
function inBrowserZone(zone: string, check: () => void) {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('pickers read and write the business’s wall clock', () => {
  afterEach(() => setBusinessTimeZone('America/Chicago'));

  it('a browser in Tokyo shows and picks Chicago’s 9:00 AM', () => {
    inBrowserZone('Asia/Tokyo', () => {
      // 15:00 UTC is midnight the next day in Tokyo, 9 AM in Chicago.
      const shown = pickerValueOf('2030-01-03T15:00:00Z', 'America/Chicago');
      expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2030-01-03 09:00');
      // The person picks Friday 9:00 AM in the picker: Friday 9:00 AM in Chicago.
      const picked = dayjs(new Date(2030, 0, 4, 9, 0));
      expect(instantOfPickerValue(picked, 'America/Chicago').toISOString()).toBe('2030-01-04T15:00:00.000Z');
    });
  });

  it('round-trips across daylight saving time and with the zone the server named', () => {
    setBusinessTimeZone('America/Chicago');
    for (const iso of ['2030-03-10T14:00:00.000Z', '2030-11-03T15:05:00.000Z', '2030-07-01T04:30:00.000Z']) {
      expect(instantOfPickerValue(pickerValueOf(iso)).toISOString()).toBe(iso);
    }
    setBusinessTimeZone('Asia/Tokyo');
    expect(pickerValueOf('2030-01-03T15:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2030-01-04 00:00');
  });

  it('a picked day ends at the business’s midnight', () => {
    inBrowserZone('Asia/Tokyo', () => {
      expect(endOfPickedDay(dayjs(new Date(2030, 2, 4)), 'America/Chicago').toISOString()).toBe(
        '2030-03-05T05:59:59.999Z',
      );
    });
  });

  it('presets count days on the business’s calendar', () => {
    // Mon Jan 7, 2030, 11 PM in Chicago: Tuesday already in UTC and Tokyo.
    const now = new Date('2030-01-08T05:00:00Z');
    expect(businessClockAfter(now, 1, 9 * 60, 'America/Chicago').toISOString()).toBe('2030-01-08T15:00:00.000Z');
    expect(businessClockAfter(now, 3, 9 * 60, 'America/Chicago').toISOString()).toBe('2030-01-10T15:00:00.000Z');
  });
});
