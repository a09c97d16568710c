import { describe, expect, it } from 'vitest';
import { authenticationVerdictOf } from './parse-reply.ts';

describe('the Authentication-Results verdict of a held e-mail', () => {
  it('names each method and its result, from the topmost header (the receiving server’s)', () => {
    expect(
      authenticationVerdictOf([
        'mx.shine.example;\r\n spf=fail smtp.mailfrom=attacker.example;\r\n dkim=none;\r\n DMARC=Fail header.from=customer.example',
        'relay.attacker.example; spf=pass; dkim=pass; dmarc=pass',
      ]),
    ).toBe('spf=fail dkim=none dmarc=fail');
  });

  it('keeps the text, shortened, when it names no method; null without the header', () => {
    expect(authenticationVerdictOf('mx.shine.example; none')).toBe('mx.shine.example; none');
    expect(authenticationVerdictOf(`x; ${'a'.repeat(400)}`)).toHaveLength(300);
    expect(authenticationVerdictOf(undefined)).toBeNull();
    expect(authenticationVerdictOf('  ')).toBeNull();
  });
});
