import { describe, expect, it } from 'vitest';
import { judgeSubmission, looksMachineMade, normalisePhone, resolveLeadSource } from './intake.ts';

const person = { firstName: 'Dana', lastName: 'Nguyen', notes: 'We have two dogs; please use the side gate.' };

describe('spam rules', () => {
  it('lets a person through', () => {
    expect(judgeSubmission({ ...person, elapsedMs: 45_000 })).toEqual({ isSpam: false });
    expect(judgeSubmission(person)).toEqual({ isSpam: false });
  });
  it('catches a filled honeypot', () => {
    expect(judgeSubmission({ ...person, website: 'http://spam.example' })).toEqual({ isSpam: true, rule: 'honeypot' });
  });
  it('catches a form submitted faster than a person can type', () => {
    expect(judgeSubmission({ ...person, elapsedMs: 800 })).toEqual({ isSpam: true, rule: 'too_fast' });
  });
  it('catches links or markup in names and link-stuffed notes', () => {
    expect(looksMachineMade({ firstName: 'Buy now https://x.example', lastName: 'x' })).toBe(true);
    expect(looksMachineMade({ firstName: '<b>Hi</b>', lastName: 'x' })).toBe(true);
    expect(looksMachineMade({ ...person, notes: 'http://a.example http://b.example www.c.example' })).toBe(true);
    expect(looksMachineMade({ ...person, notes: 'See the listing at https://realtor.example/123' })).toBe(false);
    // the regex must not keep state between calls
    expect(looksMachineMade({ firstName: 'www.a.example', lastName: 'x' })).toBe(true);
    expect(looksMachineMade({ firstName: 'www.a.example', lastName: 'x' })).toBe(true);
  });
});

describe('attribution', () => {
  it('uses the campaign source when present', () => {
    expect(resolveLeadSource({ utmSource: 'google' }, 'Website Form')).toBe('google');
    expect(resolveLeadSource({ utmSource: '  ' }, 'Website Form')).toBe('Website Form');
    expect(resolveLeadSource(undefined, 'Website Form')).toBe('Website Form');
  });
  it('normalises phones to digits', () => {
    expect(normalisePhone('(214) 555-0101')).toBe('2145550101');
  });
});
