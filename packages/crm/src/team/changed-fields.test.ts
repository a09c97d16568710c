import { describe, expect, it } from 'vitest';
import { pickChanged } from './changed-fields.ts';

describe('pickChanged', () => {
  it('keeps only what differs, treating missing and null alike', () => {
    expect(
      pickChanged<Record<string, unknown>>(
        { name: 'Ana', phone: null, cap: 3 },
        { name: 'Ana', phone: null, cap: 5, away: false },
      ),
    ).toEqual({ cap: 5, away: false });
    expect(pickChanged({ away: true }, { away: true, awayUntil: null })).toEqual({});
  });
});
