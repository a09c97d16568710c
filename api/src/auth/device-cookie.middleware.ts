// The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a client that
// signed in as a user gets a signed cookie naming that user (and a random nonce, the device's identity
// in the lockout list). Its later sign-in attempts as that user are counted on their own, so guesses
// from elsewhere never lock it out (auth/login-throttle.ts). Pure functions: no database, no request.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import type { Config } from '../config.ts';

const VERSION = 'd1';
/** Long-lived: a device stays known as long as it keeps signing in at least this often. */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3_600_000;
/** Anything longer is not one of ours (a username is at most 254 characters). */
const MAX_VALUE_LENGTH = 1_024;

export interface DeviceCookie {
  /** Trimmed and lower-case, as usernames are matched. */
  username: string;
  nonce: string;
  /** When it was issued (to the second): a cookie older than its user's devices_revoked_at is no longer known. */
  issuedAt: Date;
}

/** The form in which usernames are compared (sign-in trims, and matches case-insensitively). */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function deviceCookieName(config: Pick<Config, 'cookieSecure'>): string {
  // __Secure- rather than __Host-: the cookie is scoped to /api/admin, which __Host- does not allow.
  return config.cookieSecure ? '__Secure-shine-device' : 'shine-device';
}

export function deviceCookieOptions(config: Pick<Config, 'cookieSecure'>): CookieOptions {
  // Only the sign-in reads it: no other path gets it, no script sees it, no other site sends it.
  return {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
  };
}

/** `d1.<username, base64url>.<nonce>.<issued at, epoch seconds base 36>.<HMAC-SHA256, base64url>` */
export function createDeviceCookieValue(secret: string, username: string, now: Date): string {
  const payload = [
    VERSION,
    Buffer.from(normalizeUsername(username)).toString('base64url'),
    randomBytes(16).toString('base64url'),
    Math.floor(now.getTime() / 1000).toString(36),
  ].join('.');
  return `${payload}.${sign(secret, payload)}`;
}

/** The cookie's user and nonce when it is ours, untampered and not expired; undefined otherwise. */
export function readDeviceCookieValue(secret: string, value: string, now: Date): DeviceCookie | undefined {
  if (value.length > MAX_VALUE_LENGTH) return undefined;
  const parts = value.split('.');
  const [version, username, nonce, issuedAt, signature] = parts;
  if (parts.length !== 5 || version !== VERSION || !username || !nonce || !issuedAt || !signature) return undefined;
  const expected = Buffer.from(sign(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAtMs = Number.parseInt(issuedAt, 36) * 1000;
  if (!(now.getTime() - issuedAtMs < DEVICE_COOKIE_MAX_AGE_MS)) return undefined;
  return { username: Buffer.from(username, 'base64url').toString(), nonce, issuedAt: new Date(issuedAtMs) };
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** One cookie's value from a Cookie header (the API has no cookie parser: sessions parse their own). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
