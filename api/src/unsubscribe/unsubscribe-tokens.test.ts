import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens.ts';

/** A link as sent before the id was encrypted: the id in clear and its HMAC. */
function clearToken(key: string, id: string): string {
  const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
  const mac = createHmac('sha256', key).update('unsubscribe:').update(bytes).digest().subarray(0, 16);
  return Buffer.concat([bytes, mac]).toString('base64url');
}

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

  it('are opaque: the lead id cannot be read from the link', () => {
    const token = signUnsubscribeToken(secret, leadId);
    const bytes = Buffer.from(token, 'base64url').toString('hex');
    expect(bytes).not.toContain(leadId.replaceAll('-', ''));
    expect(bytes).not.toContain(leadId.replaceAll('-', '').slice(0, 8));
    expect(signUnsubscribeToken(secret, leadId)).toBe(token);
  });

  it('links sent earlier, with the id in clear, keep working; a clear one under another key does not', () => {
    const earlier = clearToken(secret, leadId);
    expect(earlier).not.toBe(signUnsubscribeToken(secret, leadId));
    expect(verifyUnsubscribeToken(secret, earlier)).toBe(leadId);
    expect(verifyUnsubscribeToken('another-secret-of-some-length-00000000', earlier)).toBeUndefined();
  });
});
