import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_LIMITS } from './attribution.ts';
import {
  attributionSchema,
  identityDifferences,
  isAwaitingContact,
  judgeSubmission,
  looksMachineMade,
  MIN_FORM_FILL_MS,
  normalisePhone,
  phoneDigitsToMatch,
  repeatMatchOf,
  requestDifferences,
  serviceDifferences,
  resolveLeadSource,
} from './intake.ts';

const person = { firstName: 'Dana', lastName: 'Nguyen', notes: 'We have two dogs; please use the side gate.' };

describe('spam rules', () => {
  it('lets a person through', () => {
    expect(judgeSubmission({ ...person, elapsedMs: 45_000 })).toEqual({ isSpam: false });
    expect(judgeSubmission(person)).toEqual({ isSpam: false });
  });
  it('catches a filled honeypot', () => {
    expect(judgeSubmission({ ...person, website: 'http://spam.example' })).toEqual({
      isSpam: true,
      rule: 'honeypot',
      reason: 'The hidden field that people never see was filled in.',
    });
  });
  it('flags a form submitted within a second of its first touch, and says how fast, without holding it', () => {
    expect(judgeSubmission({ ...person, elapsedMs: 800 })).toEqual({
      isSpam: false,
      flag: {
        rule: 'too_fast',
        reason: 'Sent 0.8 s after the form was first touched (a person takes at least 1.0 s).',
      },
    });
    expect(judgeSubmission({ ...person, elapsedMs: 0 })).toMatchObject({ isSpam: false, flag: { rule: 'too_fast' } });
    // Autofill, four selects and Enter: a person.
    expect(judgeSubmission({ ...person, elapsedMs: MIN_FORM_FILL_MS })).toEqual({ isSpam: false });
  });
  it('holds a fast form for what else is amiss in it, under that rule', () => {
    expect(judgeSubmission({ ...person, elapsedMs: 200, website: 'x' })).toMatchObject({
      isSpam: true,
      rule: 'honeypot',
    });
    expect(judgeSubmission({ ...person, elapsedMs: 200, firstName: '<b>Hi</b>' })).toMatchObject({
      isSpam: true,
      rule: 'machine_content',
    });
  });
  it('says what made text look machine-made', () => {
    expect(judgeSubmission({ ...person, firstName: '<b>Hi</b>' })).toMatchObject({
      rule: 'machine_content',
      reason: 'The name holds HTML markup.',
    });
    expect(judgeSubmission({ ...person, notes: '<script>x</script>' })).toMatchObject({
      reason: 'The notes hold HTML markup.',
    });
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

describe('identity of a repeat request', () => {
  it('differs only in name, e-mail or phone, case, spacing and phone punctuation aside', () => {
    const lead = { firstName: 'Ann', lastName: 'Lee', email: 'Ann@Example.com', phone: '(214) 555-0100' };
    expect(
      identityDifferences(lead, { ...lead, firstName: ' ann ', email: 'ann@example.com', phone: '2145550100' }),
    ).toEqual([]);
    expect(identityDifferences(lead, { ...lead, lastName: 'Leigh', phone: '214 555 0199' })).toEqual(['name', 'phone']);
    expect(identityDifferences(lead, { ...lead, email: 'ann@work.example' })).toEqual(['email']);
  });
});

describe('attribution', () => {
  it('uses the campaign source when present', () => {
    expect(resolveLeadSource({ utmSource: 'google' }, 'Website Form')).toBe('Google');
    expect(resolveLeadSource({ utmSource: ' facebook ' }, 'Website Form')).toBe('Facebook');
    expect(resolveLeadSource({ utmSource: 'GOOGLE  ads' }, 'Website Form')).toBe('Google Ads');
    expect(resolveLeadSource({ utmSource: '  Dallas Moms Group ' }, 'Website Form')).toBe('Dallas Moms Group');
    expect(resolveLeadSource({ utmSource: '  ' }, 'Website Form')).toBe('Website Form');
    expect(resolveLeadSource(undefined, 'Website Form')).toBe('Website Form');
  });
  it('normalises phones to digits', () => {
    expect(normalisePhone('(214) 555-0101')).toBe('2145550101');
  });
});

describe('repeat-request matching', () => {
  it('matches phones on their digits, and only when there are enough of them', () => {
    expect(phoneDigitsToMatch('+1 (214) 555-0101')).toBe('12145550101');
    expect(phoneDigitsToMatch('555-01')).toBeNull();
    expect(phoneDigitsToMatch('-----')).toBeNull();
  });

  const kevin = { firstName: 'Kevin', lastName: 'Reyes', email: 'kevin@example.com', phone: '(817) 555-0142' };
  it('takes a request as the same person on the e-mail (any case), or on the phone with the full name', () => {
    expect(repeatMatchOf(kevin, { ...kevin, email: ' KEVIN@Example.com ', phone: '972-555-0100' })).toBe('e-mail');
    expect(repeatMatchOf(kevin, { ...kevin, email: 'KEVIN@example.com', phone: '817.555.0142' })).toBe(
      'e-mail and phone',
    );
    // Another name with the person's own e-mail is still them.
    expect(repeatMatchOf(kevin, { ...kevin, firstName: 'Kev', email: 'kevin@example.com' })).toBe('e-mail and phone');
    expect(repeatMatchOf(kevin, { ...kevin, firstName: ' kevin ', lastName: 'REYES', email: 'k@work.example' })).toBe(
      'phone and name',
    );
    expect(repeatMatchOf({ ...kevin, firstName: 'Mary  Ann' }, { ...kevin, firstName: 'mary ann', email: '' })).toBe(
      'phone and name',
    );
  });

  it('takes a request that shares only the phone, or the phone and one of the names, as someone else', () => {
    const maria = { firstName: 'Maria', lastName: 'Gonzalez', email: 'maria.g@example.com', phone: '817-555-0142' };
    expect(repeatMatchOf(kevin, maria)).toBeNull();
    // A household shares a surname: his sister with her own e-mail is not him.
    expect(repeatMatchOf(kevin, { ...kevin, firstName: 'Lucia', email: 'lucia@example.com' })).toBeNull();
    expect(repeatMatchOf(kevin, { ...kevin, firstName: 'Kev', email: 'k@work.example' })).toBeNull();
    expect(repeatMatchOf(kevin, { ...kevin, lastName: 'Reyes-Diaz', email: 'k@work.example' })).toBeNull();
    // A lead without an e-mail (made from a text) is matched by nobody's empty e-mail.
    expect(repeatMatchOf({ ...kevin, email: '' }, { ...maria, email: '' })).toBeNull();
  });

  it('lists where a request asks for another home or service than the lead holds', () => {
    const lead = { zipcode: '76132', bedrooms: '4', bathrooms: '3', cleaningType: 'Basic', frequency: 'Weekly' };
    expect(serviceDifferences(lead, { ...lead, zipcode: ' 76132 ' })).toEqual([]);
    expect(
      serviceDifferences(lead, {
        zipcode: '76133',
        bedrooms: '1',
        bathrooms: '1',
        cleaningType: 'Move In/Out',
        frequency: 'One Time',
      }),
    ).toEqual(['zipcode', 'bedrooms', 'bathrooms', 'cleaningType', 'frequency']);
    expect(
      requestDifferences({ ...kevin, ...lead }, { ...kevin, ...lead, email: 'k@work.example', frequency: 'Monthly' }),
    ).toEqual(['email', 'frequency']);
  });
});

describe('attribution schema', () => {
  it('clips long values instead of refusing the quote, and trims', () => {
    const parsed = attributionSchema.parse({ utmCampaign: ` ${'x'.repeat(400)} `, utmSource: ' google ' });
    expect(parsed.utmCampaign).toHaveLength(ATTRIBUTION_LIMITS.utmCampaign);
    expect(parsed.utmSource).toBe('google');
  });
  it('refuses what is not text', () => {
    expect(attributionSchema.safeParse({ utmSource: 42 }).success).toBe(false);
  });
});

describe('isAwaitingContact', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const lead = { status: 'New' as const, firstContactedAt: null, contactDueAt: '2026-11-23T14:10:00Z' };
  it('flags an open, uncontacted lead past its due time', () => {
    expect(isAwaitingContact(lead, now)).toBe(true);
  });
  it('does not flag a lead before it is due, once contacted, when closed, or without a due time', () => {
    expect(isAwaitingContact({ ...lead, contactDueAt: '2026-11-23T15:10:00Z' }, now)).toBe(false);
    expect(isAwaitingContact({ ...lead, firstContactedAt: '2026-11-23T14:20:00Z' }, now)).toBe(false);
    expect(isAwaitingContact({ ...lead, status: 'Lost' }, now)).toBe(false);
    expect(isAwaitingContact({ ...lead, contactDueAt: null }, now)).toBe(false);
  });
});
