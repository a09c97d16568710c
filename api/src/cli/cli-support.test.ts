import { describe, expect, it } from 'vitest';
import { readCredentialArgs } from './cli-support.ts';

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
