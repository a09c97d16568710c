// Failed sign-ins, counted the OWASP device-cookie way ("Slow Down Online Guessing Attacks with Device
// Cookies") so that guessing stays slow and nobody can lock the owner out:
// - an attempt from a known device (a valid device cookie for that username, see known-devices.middleware.ts)
//   counts for that device only: after `limit` failures in 15 minutes that cookie, and only that
//   cookie, is refused for 15 minutes;
// - every other attempt at a username counts in the username's bucket for unknown clients: after
//   `limit` failures each further attempt must wait, 5 s, then 10 s, 20 s… up to 15 minutes, so a
//   steady guesser gets about four tries an hour, and the owner from a new browser waits at most 15
//   minutes, never for a fixed lockout to run out;
// - the per-address limit (http/rate-limits.ts) still applies to unknown clients.
// A refused attempt is answered 429 with Retry-After and checks no password.
import type { Knex } from 'knex';
import { type BackoffPolicy, LoginAttemptStore } from '../db/login-attempts-store.ts';
import { type DeviceCookie, normalizeUsername } from './device-cookie.middleware.ts';

const MINUTE_MS = 60_000;

export function unknownClientPolicy(limit: number): BackoffPolicy {
  return { freeFailures: limit, baseDelayMs: 5_000, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 24 * 60 * MINUTE_MS };
}

export function knownDevicePolicy(limit: number): BackoffPolicy {
  // A fixed lockout: base = max. It ends when the bucket is forgotten, 15 minutes after the last failure.
  return {
    freeFailures: limit,
    baseDelayMs: 15 * MINUTE_MS,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 15 * MINUTE_MS,
  };
}

/** `succeeded`: the password was right, so the attempt is not a failure after all. */
export type LoginAttempt =
  | { allowed: true; succeeded: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Counts an attempt at `username` (as a failure until `succeeded`), or refuses it. */
  begin: (username: string, device: DeviceCookie | undefined, now: Date) => Promise<LoginAttempt>;
}

export function loginThrottle(db: Knex, limit: number): LoginThrottle {
  const store = new LoginAttemptStore(db);
  const unknownClients = unknownClientPolicy(limit);
  const knownDevices = knownDevicePolicy(limit);
  return {
    begin: async (username, device, now) => {
      const [key, policy] = device
        ? [`device:${device.nonce}`, knownDevices]
        : [`user:${normalizeUsername(username)}`, unknownClients];
      const claim = await store.claim(key, policy, now);
      if (!claim.go) return { allowed: false, retryAfterSeconds: Math.ceil(claim.retryAfterMs / 1000) };
      return { allowed: true, succeeded: () => store.forgive(key) };
    },
  };
}
