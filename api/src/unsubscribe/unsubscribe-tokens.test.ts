import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens.ts';

const secret = 'a-test-secret-of-some-length-000000000';
const leadId = '3f2a4b5c-6d7e-4f80-9a1b-2c3d4e5f6a7b';

describe('unsubscribe tokens', () => {
  it('name the lead they were signed for', () => {
    const token = signUnsubscribeToken(secret, leadId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(secret, token)).toBe(leadId);
  });

  it('are refused when changed in any character, signed with another key, or malformed', () => {
    const token = signUnsubscribeToken(secret, leadId);
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(verifyUnsubscribeToken(secret, changed)).toBeUndefined();
    }
    expect(verifyUnsubscribeToken('another-secret-of-some-length-00000000', token)).toBeUndefined();
    expect(verifyUnsubscribeToken(secret, leadId)).toBeUndefined();
    expect(verifyUnsubscribeToken(secret, '')).toBeUndefined();
    expect(verifyUnsubscribeToken(secret, `${token}A`)).toBeUndefined();
  });
});
