import { describe, expect, it } from 'vitest';
import { createReplyToken, plusAddressOf, replyTokensIn } from './reply-address.ts';

describe('reply addresses', () => {
  it('makes unguessable lower-case tokens, each one different', () => {
    const tokens = new Set(Array.from({ length: 200 }, createReplyToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{20}$/);
  });

  it('puts the token after a plus on the mailbox, and reads it back whatever the case', () => {
    const address = plusAddressOf('Sales@Shine.Example', 'abcdefghij234567abcd');
    expect(address).toBe('Sales+abcdefghij234567abcd@shine.example');
    expect(replyTokensIn(['someone@else.example', address.toUpperCase()], 'sales@shine.example')).toEqual([
      'abcdefghij234567abcd',
    ]);
  });

  it('ignores other mailboxes, other domains, the bare mailbox and malformed tokens', () => {
    const mailbox = 'sales@shine.example';
    expect(
      replyTokensIn(
        [
          'sales@shine.example',
          'billing+abcdefghij234567abcd@shine.example',
          'sales+abcdefghij234567abcd@other.example',
          'sales+short@shine.example',
          'sales+abc-def-ghi-jkl-mno@shine.example',
          'not an address',
        ],
        mailbox,
      ),
    ).toEqual([]);
  });
});
