import { describe, expect, it } from 'vitest';
import { isNormalisedServerUrl, parseServerUrl } from './server-url.ts';

describe('parseServerUrl', () => {
  it.each([
    ['https://crm.example.com', 'https://crm.example.com'],
    ['https://crm.example.com/', 'https://crm.example.com'],
    ['  https://CRM.Example.com  ', 'https://crm.example.com'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['https://crm.example.com:443', 'https://crm.example.com'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['crm.example.com', 'https://crm.example.com'],
    ['crm.example.com:8443', 'https://crm.example.com:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('accepts %j as %j', (input, expected) => {
    expect(parseServerUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ['', /Enter the server address/],
    ['   ', /Enter the server address/],
    ['ftp://crm.example.com', /must start with https/],
    ['file:///etc/passwd', /must start with https/],
    ['javascript:alert(1)', /must start with https/],
    ['shine://app', /must start with https/],
    ['https://', /not a valid address/],
    ['https://user:secret@crm.example.com', /user name and password/],
    ['https://user@crm.example.com', /user name and password/],
    ['https://crm.example.com/admin/dashboard', /without a path: https:\/\/crm\.example\.com$/],
    ['https://crm.example.com/?next=1', /without a path/],
    ['https://crm.example.com/#top', /without a path/],
    [`https://${'a'.repeat(2050)}.com`, /too long/],
  ])('refuses %j', (input, message) => {
    const result = parseServerUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('isNormalisedServerUrl', () => {
  it('is true only for the exact form parseServerUrl returns', () => {
    expect(isNormalisedServerUrl('https://crm.example.com')).toBe(true);
    expect(isNormalisedServerUrl('https://crm.example.com/')).toBe(false);
    expect(isNormalisedServerUrl('crm.example.com')).toBe(false);
    expect(isNormalisedServerUrl('https://CRM.example.com')).toBe(false);
    expect(isNormalisedServerUrl('ftp://crm.example.com')).toBe(false);
  });
});
