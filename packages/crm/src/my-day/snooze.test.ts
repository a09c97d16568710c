import { describe, expect, it } from 'vitest';
import { SNOOZE_CHOICES } from './snooze.ts';

const at = (key: string, now: Date) => SNOOZE_CHOICES.find((choice) => choice.key === key)?.at(now);

describe('snooze choices', () => {
  it('an hour on, tomorrow at nine, and the next Monday at nine (a week on from a Monday)', () => {
    const wednesday = new Date(2030, 0, 2, 14, 30); // Wed Jan 2, 2030, 2:30 PM local
    expect(at('hour', wednesday)).toEqual(new Date(2030, 0, 2, 15, 30));
    expect(at('tomorrow', wednesday)).toEqual(new Date(2030, 0, 3, 9, 0));
    expect(at('monday', wednesday)).toEqual(new Date(2030, 0, 7, 9, 0));
    const monday = new Date(2030, 0, 7, 8, 0);
    expect(at('monday', monday)).toEqual(new Date(2030, 0, 14, 9, 0));
    const sunday = new Date(2030, 0, 6, 20, 0);
    expect(at('monday', sunday)).toEqual(new Date(2030, 0, 7, 9, 0));
  });
});
