import { describe, expect, it } from 'vitest';
import { formatBusinessMinutes } from './date-time.ts';

describe('formatBusinessMinutes', () => {
  it('writes minutes, then hours and minutes', () => {
    expect(formatBusinessMinutes(14.5)).toBe('15 min');
    expect(formatBusinessMinutes(120)).toBe('2 h');
    expect(formatBusinessMinutes(441)).toBe('7 h 21 min');
  });
});
