import { describe, expect, it } from 'vitest';
import { newLeadAlertSettingsSchema, DEFAULT_NEW_LEAD_ALERT_SETTINGS, isQuietTime } from './new-lead-alerts.ts';

// 2026-01-15 is in Central Standard Time (UTC−6).
const central = (hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 15, hour + 6, minute));

describe('isQuietTime', () => {
  it('is never quiet without quiet hours', () => {
    expect(isQuietTime(null, central(3))).toBe(false);
  });

  it('counts within a day, start inclusive and end exclusive', () => {
    const hours = { start: '12:00', end: '13:30' };
    expect(isQuietTime(hours, central(11, 59))).toBe(false);
    expect(isQuietTime(hours, central(12, 0))).toBe(true);
    expect(isQuietTime(hours, central(13, 29))).toBe(true);
    expect(isQuietTime(hours, central(13, 30))).toBe(false);
  });

  it('crosses midnight', () => {
    const night = { start: '21:00', end: '07:00' };
    expect(isQuietTime(night, central(22))).toBe(true);
    expect(isQuietTime(night, central(3))).toBe(true);
    expect(isQuietTime(night, central(7))).toBe(false);
    expect(isQuietTime(night, central(12))).toBe(false);
  });

  it("reads the clock in the company's zone, not UTC", () => {
    // 03:00 UTC is 21:00 the evening before in Chicago.
    expect(isQuietTime({ start: '21:00', end: '22:00' }, new Date(Date.UTC(2026, 0, 16, 3)))).toBe(true);
  });
});

describe('newLeadAlertSettingsSchema', () => {
  it('accepts the defaults and refuses a malformed or empty window', () => {
    expect(newLeadAlertSettingsSchema.parse(DEFAULT_NEW_LEAD_ALERT_SETTINGS)).toEqual(DEFAULT_NEW_LEAD_ALERT_SETTINGS);
    expect(
      newLeadAlertSettingsSchema.safeParse({
        ...DEFAULT_NEW_LEAD_ALERT_SETTINGS,
        quietHours: { start: '9pm', end: '07:00' },
      }).success,
    ).toBe(false);
    expect(
      newLeadAlertSettingsSchema.safeParse({
        ...DEFAULT_NEW_LEAD_ALERT_SETTINGS,
        quietHours: { start: '07:00', end: '07:00' },
      }).success,
    ).toBe(false);
    expect(newLeadAlertSettingsSchema.safeParse({ ...DEFAULT_NEW_LEAD_ALERT_SETTINGS, extra: true }).success).toBe(
      false,
    );
  });
});
