import { describe, expect, it } from 'vitest';
import { activityCreateSchema } from './activities.ts';
import { dateTimeSchema, isWithinDateRange } from './date-range.ts';
import { leadUpdateSchema } from './leads.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('dateTimeSchema (year 0000 was a 500)', () => {
  it('accepts 1900 to 2200, in UTC as stored', () => {
    expect(isWithinDateRange('1900-01-01T00:00:00Z')).toBe(true);
    expect(isWithinDateRange('2200-12-31T23:59:59.999Z')).toBe(true);
    expect(isWithinDateRange('2200-12-31T23:00:00-05:00')).toBe(false); // 2201 in UTC
    expect(isWithinDateRange('1899-12-31T23:59:59Z')).toBe(false);
    expect(isWithinDateRange('0000-01-01T00:00:00Z')).toBe(false);
  });
  it('says which rule failed, with the field it is given', () => {
    expect(firstMessage(dateTimeSchema('Due').safeParse('soon'))).toBe('Due must be a date and time');
    expect(firstMessage(dateTimeSchema('Due').safeParse('0000-01-01T00:00:00Z'))).toBe(
      'Due must be between the years 1900 and 2200',
    );
  });
  it('is what every date field of the request schemas uses', () => {
    expect(firstMessage(leadUpdateSchema.safeParse({ nextFollowUpAt: '0000-01-01T00:00:00Z' }))).toBe(
      'Must be between the years 1900 and 2200',
    );
    expect(leadUpdateSchema.safeParse({ nextFollowUpAt: null }).success).toBe(true);
    const activity = { leadId: '3f1c2a7e-8a51-4f0e-9a51-6c1d2b3e4f50', type: 'task', title: 't' };
    expect(firstMessage(activityCreateSchema.safeParse({ ...activity, scheduledAt: '9999-01-01T00:00:00Z' }))).toBe(
      'Scheduled time must be between the years 1900 and 2200',
    );
    expect(activityCreateSchema.safeParse({ ...activity, scheduledAt: '2026-01-01T09:00:00-06:00' }).success).toBe(
      true,
    );
  });
});
