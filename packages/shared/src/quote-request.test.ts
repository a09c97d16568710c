import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages.ts';
import { quoteRequestSchema, quoteRequestSubmissionSchema } from './quote-request.ts';

const valid = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(214) 555-0100',
  zipcode: '75201',
  bedrooms: '3',
  bathrooms: '2.5',
  cleaningType: 'Deep',
  frequency: 'Biweekly',
};

function messagesFor(input: unknown): Record<string, string> {
  const result = quoteRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('quoteRequestSchema', () => {
  it('accepts a complete request and trims text', () => {
    const parsed = quoteRequestSchema.parse({ ...valid, firstName: '  Maria ', notes: ' gate code 12 ' });
    expect(parsed.firstName).toBe('Maria');
    expect(parsed.notes).toBe('gate code 12');
  });

  it('gives every required-field message for an empty form', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(messagesFor(empty)).toEqual({
      firstName: VALIDATION.firstName,
      lastName: VALIDATION.lastName,
      email: VALIDATION.email,
      phone: VALIDATION.phone,
      zipcode: VALIDATION.zipcode,
      bedrooms: VALIDATION.bedrooms,
      bathrooms: VALIDATION.bathrooms,
      cleaningType: VALIDATION.cleaningType,
      frequency: VALIDATION.frequency,
    });
  });

  it('gives the same messages when fields are missing entirely', () => {
    expect(messagesFor({})).toMatchObject({ firstName: VALIDATION.firstName, bedrooms: VALIDATION.bedrooms });
  });

  it('requires phone and zip of at least 5 characters', () => {
    expect(messagesFor({ ...valid, phone: '1234', zipcode: '7520' })).toEqual({
      phone: VALIDATION.phone,
      zipcode: VALIDATION.zipcode,
    });
    expect(messagesFor({ ...valid, phone: '12345', zipcode: '75201' })).toEqual({});
  });

  it('rejects a malformed email and whitespace-only names', () => {
    expect(messagesFor({ ...valid, email: 'not-an-email', firstName: '   ' })).toEqual({
      email: VALIDATION.email,
      firstName: VALIDATION.firstName,
    });
  });

  it('rejects choices outside the lists', () => {
    expect(messagesFor({ ...valid, bedrooms: '9', frequency: 'Daily' })).toEqual({
      bedrooms: VALIDATION.bedrooms,
      frequency: VALIDATION.frequency,
    });
  });

  it('keeps the honeypot field in the submission schema only', () => {
    expect(quoteRequestSubmissionSchema.parse({ ...valid, website: 'spam' }).website).toBe('spam');
    expect('website' in quoteRequestSchema.parse({ ...valid, website: 'spam' })).toBe(false);
  });
});
