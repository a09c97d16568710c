import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  isWithinBusinessHours,
  zonedTimeToInstant,
} from './business-time.ts';

const chicago = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(zonedTimeToInstant('America/Chicago', y, m, d, h) + min * 60_000);

describe('business time in America/Chicago', () => {
  it('converts local wall time across daylight saving', () => {
    expect(chicago(2026, 1, 15, 8).toISOString()).toBe('2026-01-15T14:00:00.000Z'); // CST
    expect(chicago(2026, 7, 15, 8).toISOString()).toBe('2026-07-15T13:00:00.000Z'); // CDT
  });

  it('counts minutes inside one business day', () => {
    expect(businessMinutesBetween(chicago(2026, 11, 18, 9), chicago(2026, 11, 18, 9, 45))).toBe(45);
  });

  it('skips the night', () => {
    // Wed 5:50 PM → Thu 8:10 AM = 10 + 10 minutes
    expect(businessMinutesBetween(chicago(2026, 11, 18, 17, 50), chicago(2026, 11, 19, 8, 10))).toBe(20);
  });

  it('skips a weekend: Saturday counts 9–4, Sunday not at all', () => {
    // Fri 5:50 PM → Mon 8:10 AM = 10 (Fri) + 420 (Sat 9–16) + 0 (Sun) + 10 (Mon)
    expect(businessMinutesBetween(chicago(2026, 11, 20, 17, 50), chicago(2026, 11, 23, 8, 10))).toBe(440);
  });

  it('is zero for a lead that arrives and is handled while closed', () => {
    expect(businessMinutesBetween(chicago(2026, 11, 22, 10), chicago(2026, 11, 22, 15))).toBe(0); // Sunday
    expect(businessMinutesBetween(chicago(2026, 11, 22, 15), chicago(2026, 11, 22, 10))).toBe(0); // reversed
  });

  it('knows when the business is open', () => {
    expect(isWithinBusinessHours(chicago(2026, 11, 21, 10))).toBe(true); // Saturday 10 AM
    expect(isWithinBusinessHours(chicago(2026, 11, 21, 16, 30))).toBe(false); // Saturday 4:30 PM
    expect(isWithinBusinessHours(chicago(2026, 11, 22, 10))).toBe(false); // Sunday
  });
});

describe('addBusinessMinutes', () => {
  it('adds inside one business day', () => {
    expect(addBusinessMinutes(chicago(2026, 11, 18, 9), 15)).toEqual(chicago(2026, 11, 18, 9, 15));
  });

  it('starts counting at opening time for a lead that arrives before it', () => {
    expect(addBusinessMinutes(chicago(2026, 11, 18, 6, 30), 15)).toEqual(chicago(2026, 11, 18, 8, 15));
  });

  it('carries over a weekend: Saturday closes at 4, Sunday is closed', () => {
    // Sat 3:55 PM + 15 = 5 minutes on Saturday, 10 on Monday
    expect(addBusinessMinutes(chicago(2026, 11, 21, 15, 55), 15)).toEqual(chicago(2026, 11, 23, 8, 10));
    // Sunday → Monday 8:15
    expect(addBusinessMinutes(chicago(2026, 11, 22, 11), 15)).toEqual(chicago(2026, 11, 23, 8, 15));
  });

  it('is the inverse of businessMinutesBetween', () => {
    for (const start of [chicago(2026, 3, 6, 17, 50), chicago(2026, 11, 20, 17, 59), chicago(2026, 7, 4, 12)]) {
      for (const minutes of [1, 15, 600, 2000]) {
        expect(businessMinutesBetween(start, addBusinessMinutes(start, minutes))).toBe(minutes);
      }
    }
  });
});
