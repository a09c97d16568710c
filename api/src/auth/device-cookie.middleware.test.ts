import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../db/login-attempts-store.ts';
import {
  createDeviceCookieValue,
  DEVICE_COOKIE_MAX_AGE_MS,
  readCookie,
  readDeviceCookieValue,
} from './device-cookie.middleware.ts';
import { knownDevicePolicy, unknownClientPolicy } from './login-throttle.ts';

const SECRET = 'a-device-cookie-secret-for-tests';
const NOW = new Date('2026-03-02T15:00:00Z');

describe('device cookie values', () => {
  it('round-trip the normalised username with a fresh nonce each time', () => {
    const first = createDeviceCookieValue(SECRET, ' Owner@Example.com ', NOW);
    const second = createDeviceCookieValue(SECRET, 'owner@example.com', NOW);
    const a = readDeviceCookieValue(SECRET, first, NOW);
    const b = readDeviceCookieValue(SECRET, second, NOW);
    expect(a?.username).toBe('owner@example.com');
    expect(b?.username).toBe('owner@example.com');
    expect(a?.nonce).not.toBe(b?.nonce);
  });

  it('refuse a tampered signature, username or nonce, another secret and garbage', () => {
    const value = createDeviceCookieValue(SECRET, 'owner@example.com', NOW);
    const [version, , nonce, issuedAt, signature] = value.split('.') as [string, string, string, string, string];
    const otherUser = Buffer.from('someone@example.com').toString('base64url');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      [version, otherUser, nonce, issuedAt, signature].join('.'),
      [version, value.split('.')[1], 'another-nonce', issuedAt, signature].join('.'),
      [...value.split('.').slice(0, 4), flipped].join('.'),
      `${value}.extra`,
      'd1....',
      '',
      'x'.repeat(5000),
    ]) {
      expect(readDeviceCookieValue(SECRET, forged, NOW), forged).toBeUndefined();
    }
    expect(readDeviceCookieValue('another-secret-of-the-same-size!', value, NOW)).toBeUndefined();
  });

  it('expire after DEVICE_COOKIE_MAX_AGE_MS', () => {
    const value = createDeviceCookieValue(SECRET, 'owner@example.com', NOW);
    const later = (ms: number) => new Date(NOW.getTime() + ms);
    expect(readDeviceCookieValue(SECRET, value, later(DEVICE_COOKIE_MAX_AGE_MS - 1_000))).toBeDefined();
    expect(readDeviceCookieValue(SECRET, value, later(DEVICE_COOKIE_MAX_AGE_MS))).toBeUndefined();
  });
});

describe('readCookie', () => {
  it('finds one cookie by exact name', () => {
    const header = 'sid=s%3Aabc; shine-device=d1.x.y.z.w; __Secure-shine-device=other';
    expect(readCookie(header, 'shine-device')).toBe('d1.x.y.z.w');
    expect(readCookie(header, '__Secure-shine-device')).toBe('other');
    expect(readCookie(header, 'device')).toBeUndefined();
    expect(readCookie(undefined, 'sid')).toBeUndefined();
    expect(readCookie('sid=%E0%A4%A', 'sid')).toBeUndefined();
  });
});

describe('sign-in back-off policies', () => {
  it('unknown clients: free attempts, then 5 s doubling up to 15 minutes', () => {
    const policy = unknownClientPolicy(10);
    expect([9, 10, 11, 12, 13].map((failures) => backoffDelayMs(failures, policy))).toEqual([
      0, 5_000, 10_000, 20_000, 40_000,
    ]);
    expect(backoffDelayMs(18, policy)).toBe(15 * 60_000);
    expect(backoffDelayMs(10_000, policy)).toBe(15 * 60_000);
  });

  it('a known device: free attempts, then a 15-minute lockout', () => {
    const policy = knownDevicePolicy(10);
    expect([9, 10, 11].map((failures) => backoffDelayMs(failures, policy))).toEqual([0, 15 * 60_000, 15 * 60_000]);
  });
});
