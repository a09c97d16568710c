import { afterEach, describe, expect, it } from 'vitest';
import {
  businessZoneLabel,
  formatBusinessMinutes,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTimeWithSeconds,
  isBusinessToday,
  setBusinessTimeZone,
} from './date-time.ts';

const spaced = (text: string) => text.replace(/\s+/gu, ' ');

describe('formatBusinessMinutes', () => {
  it('writes minutes, then hours and minutes', () => {
    expect(formatBusinessMinutes(14.5)).toBe('15 min');
    expect(formatBusinessMinutes(120)).toBe('2 h');
    expect(formatBusinessMinutes(441)).toBe('7 h 21 min');
  });
});

describe('staff dates and times: the business’s, labelled', () => {
  afterEach(() => setBusinessTimeZone('America/Chicago'));
  const now = new Date('2026-11-20T12:00:00Z');

  it('writes one date format, the year only when it is not this year', () => {
    // 02:35 UTC on Dec 3 is still Dec 2 in Chicago.
    expect(formatDate('2026-12-03T02:35:00Z', now)).toBe('Wed, Dec 2');
    expect(formatDate('2027-01-05T18:00:00Z', now)).toBe('Tue, Jan 5, 2027');
    expect(formatCalendarDate('2026-12-02', now)).toBe('Wed, Dec 2');
    expect(formatDate(null)).toBe('—');
  });

  it('writes a time in the business zone with its label, whatever the browser’s zone', () => {
    expect(spaced(formatDateTime('2026-12-01T20:35:41.783Z', now))).toBe('Tue, Dec 1, 2:35 PM CT');
    expect(businessZoneLabel(new Date('2026-07-01T12:00:00Z'))).toBe('CT');
  });

  it('follows the zone the server names', () => {
    setBusinessTimeZone('America/Denver');
    expect(spaced(formatDateTime('2026-12-01T20:35:00Z', now))).toBe('Tue, Dec 1, 1:35 PM MT');
    setBusinessTimeZone('Not/AZone');
    expect(spaced(formatDateTime('2026-12-01T20:35:00Z', now))).toBe('Tue, Dec 1, 1:35 PM MT');
    expect(isBusinessToday('2026-11-20T07:00:00Z', now)).toBe(true);
    expect(isBusinessToday('2026-11-20T06:59:00Z', now)).toBe(false);
  });

  it('writes the header’s date and the Live time on the business’s clock', () => {
    // 03:10 UTC on Tue Mar 4 is still Monday evening in Chicago (and Tuesday noon in Tokyo).
    const late = new Date('2025-03-04T03:10:05Z');
    expect(formatLongDate(late)).toBe('Monday, March 3, 2025');
    expect(formatLongDate(late, true)).toBe('Mon, Mar 3, 2025');
    expect(spaced(formatTimeWithSeconds(late))).toBe('9:10:05 PM');
    setBusinessTimeZone('Asia/Tokyo');
    expect(formatLongDate(late)).toBe('Tuesday, March 4, 2025');
  });
});
