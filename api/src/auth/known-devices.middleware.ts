// Device cookies on the sign-in route: which known device (if any) an attempt comes from, and a new
// cookie after each successful sign-in (a new nonce each time, so a locked-out cookie is not renewed).
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { resolveDeviceCookieSecret } from '../db/app-secrets.ts';
import {
  createDeviceCookieValue,
  type DeviceCookie,
  deviceCookieName,
  deviceCookieOptions,
  normalizeUsername,
  readCookie,
  readDeviceCookieValue,
} from './device-cookie.middleware.ts';
import { findUserByUsername } from './users.queries.ts';

export interface KnownDevices {
  /** Sets `knownDevice(res)` when the request carries a valid device cookie for the username it sends. */
  recognize: RequestHandler;
  /** Gives the client a fresh device cookie for this user. */
  issue: (res: Response, username: string) => Promise<void>;
}

/** The known device of this sign-in attempt (after `recognize`); undefined: an unknown client. */
export function knownDevice(res: Response): DeviceCookie | undefined {
  return (res.locals as { knownDevice?: DeviceCookie }).knownDevice;
}

export function knownDevices({ db, config, now }: { db: Knex; config: Config; now: () => Date }): KnownDevices {
  // Read once per process, and early, so that the first sign-in does not write app_secrets.
  let secret: Promise<string> | undefined;
  const deviceSecret = () => {
    secret ??= resolveDeviceCookieSecret(db).catch((error: unknown) => {
      secret = undefined; // the database may be back for the next attempt
      throw error;
    });
    return secret;
  };
  deviceSecret().catch(() => {});
  const name = deviceCookieName(config);
  // Disabling a user revokes their devices (users.service.ts): a cookie issued before that is unknown,
  // so it no longer spares its holder the per-address limit or its own lockout bucket.
  const isRevoked = async (device: DeviceCookie) => {
    const revokedAt = (await findUserByUsername(db, device.username))?.devices_revoked_at;
    return revokedAt != null && device.issuedAt.getTime() < new Date(revokedAt).getTime();
  };

  return {
    recognize: async (req, res, next) => {
      const value = readCookie(req.headers.cookie, name);
      const username = (req.body as { username?: unknown } | undefined)?.username;
      if (value === undefined || typeof username !== 'string') return next();
      const device = readDeviceCookieValue(await deviceSecret(), value, now());
      // A cookie for another user, tampered with or expired: this attempt is an unknown client's.
      if (device && device.username === normalizeUsername(username) && !(await isRevoked(device))) {
        (res.locals as { knownDevice?: DeviceCookie }).knownDevice = device;
      }
      next();
    },
    issue: async (res, username) => {
      res.cookie(name, createDeviceCookieValue(await deviceSecret(), username, now()), deviceCookieOptions(config));
    },
  };
}
