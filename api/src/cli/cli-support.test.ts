import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@shine/shared/messages';
import { parseNewPassword, readCredentialArgs } from './cli-support.ts';

describe('readCredentialArgs', () => {
  it.each([
    [['owner@example.com', 'a-long-password'], { email: 'owner@example.com', password: 'a-long-password' }],
    [
      ['--email', 'owner@example.com', '--password=a-long-password'],
      { email: 'owner@example.com', password: 'a-long-password' },
    ],
    [['--password', 'pw-only-given-here'], { email: undefined, password: 'pw-only-given-here' }],
    [[], { email: undefined, password: undefined }],
  ])('%j → %j', (argv, expected) => {
    expect(readCredentialArgs(argv)).toEqual(expected);
  });
});

describe('parseNewPassword (admin:create, admin:password)', () => {
  it('takes a password as given when it follows the rule', () => {
    expect(parseNewPassword('a long pass phrase')).toBe('a long pass phrase');
  });

  it.each([' a-long-password', 'a-long-password ', 'a-long-password\t'])(
    'refuses %j: sign-in trims, so it could never be used',
    (password) => {
      expect(() => parseNewPassword(password)).toThrow(VALIDATION.passwordEdgeSpace);
    },
  );

  it('refuses a short one with the length rule', () => {
    expect(() => parseNewPassword('short')).toThrow('Password must be at least 12 characters');
  });
});
