import { afterEach, describe, expect, it } from 'vitest';
import { setBusinessTimeZone } from '../format/date-time.ts';
import { SNOOZE_CHOICES } from './snooze.ts';

const at = (key: string, now: Date, timeZone?: string) =>
  SNOOZE_CHOICES.find((choice) => choice.key === key)
    ?.at(now, timeZone)
    ?.toISOString();

describe('snooze choices: the business’s clock', () => {
  afterEach(() => setBusinessTimeZone('America/Chicago'));

  it('an hour on, tomorrow at nine, and the next Monday at nine (a week on from a Monday), in Chicago', () => {
    const wednesday = new Date('2030-01-02T20:30:00Z'); // Wed Jan 2, 2030, 2:30 PM in Chicago
    expect(at('hour', wednesday)).toBe('2030-01-02T21:30:00.000Z');
    expect(at('tomorrow', wednesday, 'America/Chicago')).toBe('2030-01-03T15:00:00.000Z');
    expect(at('monday', wednesday, 'America/Chicago')).toBe('2030-01-07T15:00:00.000Z');
    const monday = new Date('2030-01-07T14:00:00Z'); // Mon 8 AM in Chicago
    expect(at('monday', monday, 'America/Chicago')).toBe('2030-01-14T15:00:00.000Z');
    const sunday = new Date('2030-01-07T02:00:00Z'); // Sun Jan 6, 8 PM in Chicago (Monday in UTC)
    expect(at('monday', sunday, 'America/Chicago')).toBe('2030-01-07T15:00:00.000Z');
  });

  it('follows the business’s calendar, not the process’s: the same instant is already Thursday in Tokyo', () => {
    const wednesdayInChicago = new Date('2030-01-02T20:30:00Z'); // Thu Jan 3, 5:30 AM in Tokyo
    expect(at('tomorrow', wednesdayInChicago, 'Asia/Tokyo')).toBe('2030-01-04T00:00:00.000Z');
    expect(at('monday', wednesdayInChicago, 'Asia/Tokyo')).toBe('2030-01-07T00:00:00.000Z');
  });

  it('defaults to the zone the server named', () => {
    setBusinessTimeZone('Pacific/Auckland');
    // Wed Jan 2, 2030, 2:30 PM in Chicago is Thu Jan 3, 9:30 AM in Auckland (UTC+13).
    expect(at('tomorrow', new Date('2030-01-02T20:30:00Z'))).toBe('2030-01-03T20:00:00.000Z');
  });

  it('9 AM stays 9 AM across the change to daylight time', () => {
    const saturdayNight = new Date('2030-03-10T02:00:00Z'); // Sat Mar 9, 8 PM CST
    expect(at('tomorrow', saturdayNight, 'America/Chicago')).toBe('2030-03-10T14:00:00.000Z'); // 9 AM CDT
  });
});
