import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeActivity } from '../test/fixtures.ts';
import { toCallLog } from './CallOutcomeFields.tsx';
import { isPhoneFlaggedWrong } from './WrongNumberFlag.tsx';

const LEAD = '5a0c2d3e-4f5a-4b6c-8d7e-000000000001';

describe('toCallLog', () => {
  const at = '2026-12-04T15:00:00.000Z';

  it('sends the follow-up only when the person changed it', () => {
    expect(toCallLog({ outcome: 'reached', nextFollowUpAt: dayjs(at) }, at)).toEqual({ outcome: 'reached' });
    expect(toCallLog({ outcome: 'reached', nextFollowUpAt: null }, at)).toEqual({
      outcome: 'reached',
      nextFollowUpAt: null,
    });
    expect(toCallLog({ outcome: 'no_answer', nextFollowUpAt: null }, undefined)).toEqual({ outcome: 'no_answer' });
    expect(toCallLog({ outcome: 'no_answer', nextFollowUpAt: dayjs(at) }, undefined)).toEqual({
      outcome: 'no_answer',
      nextFollowUpAt: at,
    });
  });

  it('leaves out a blank note and title, and the status when kept', () => {
    expect(toCallLog({ outcome: 'voicemail', note: '  ', title: '', leadStatus: undefined }, null)).toEqual({
      outcome: 'voicemail',
    });
    expect(toCallLog({ outcome: 'voicemail', note: 'Left details', leadStatus: 'Contacted' }, null)).toEqual({
      outcome: 'voicemail',
      note: 'Left details',
      status: 'Contacted',
    });
  });
});

describe('isPhoneFlaggedWrong', () => {
  const call = (outcome: 'reached' | 'wrong_number' | null, createdAt: string, id: string) =>
    makeActivity(LEAD, { id, type: 'call', status: 'completed', outcome, createdAt });

  it('is the latest call with an outcome that counts', () => {
    const wrong = call('wrong_number', '2026-12-01T10:00:00.000Z', '5a0c2d3e-4f5a-4b6c-8d7e-000000000011');
    const reached = call('reached', '2026-12-02T10:00:00.000Z', '5a0c2d3e-4f5a-4b6c-8d7e-000000000012');
    const plain = call(null, '2026-12-03T10:00:00.000Z', '5a0c2d3e-4f5a-4b6c-8d7e-000000000013');
    expect(isPhoneFlaggedWrong([wrong])).toBe(true);
    expect(isPhoneFlaggedWrong([wrong, plain])).toBe(true);
    expect(isPhoneFlaggedWrong([reached, wrong, plain])).toBe(false);
    expect(isPhoneFlaggedWrong([])).toBe(false);
  });
});
