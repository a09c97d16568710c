import { describe, expect, it } from 'vitest';
import { jobIdOf } from './engine/engine.ts';
import { recipientKey } from './send-budget.ts';

describe('recipientKey', () => {
  it('counts one address however it is spelt', () => {
    expect(recipientKey('email', ' Ann.Lee@Example.com ')).toBe(recipientKey('email', 'ann.lee@example.com'));
  });
  it('counts one US phone however it is written', () => {
    for (const phone of ['214-555-0100', '(214) 555 0100', '+1 214 555 0100', '12145550100'])
      expect(recipientKey('sms', phone)).toBe('sms:+12145550100');
  });
  it('keeps channels apart', () => {
    expect(recipientKey('email', '2145550100')).not.toBe(recipientKey('sms', '2145550100'));
  });
});

describe('jobIdOf', () => {
  const runId = '3f1c2a7e-8a51-4f0e-9a51-6c1d2b3e4f50';
  it("is the run's id until the run is released from a hold, then a uuid per release", () => {
    expect(jobIdOf(runId, 0)).toBe(runId);
    const ids = [1, 2, 3].map((holds) => jobIdOf(runId, holds));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([runId, ...ids]).size).toBe(4);
    expect(jobIdOf(runId, 2)).toBe(ids[1]); // the same release, offered twice, is one job
  });
});
