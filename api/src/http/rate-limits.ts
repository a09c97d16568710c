// Rate limits, counted in the database (db/rate-limit-store.ts) so that every process shares them.
import { API_ERRORS } from '@shine/shared/messages';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { Knex } from 'knex';
import { KnexRateLimitStore } from '../db/rate-limit-store.ts';

const MINUTE_MS = 60_000;
const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/**
 * POST /api/leads: `perMinute` quotes per client address per minute. `onLimited` hears of each refused
 * request (the rejection count); the client still gets its 429 if counting fails.
 */
export function leadsRateLimit(
  db: Knex,
  perMinute: number,
  onLimited: () => Promise<void> = async () => {},
): RateLimitRequestHandler {
  return rateLimit({
    windowMs: MINUTE_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    store: new KnexRateLimitStore(db, 'leads:'),
    message: { message: API_ERRORS.rateLimited },
    handler: async (_req, res, _next, options) => {
      await onLimited().catch(() => {});
      res.status(options.statusCode).json(options.message);
    },
  });
}

/**
 * Login: failed attempts per client address, and per username (so that spreading a guess over many
 * addresses does not help). A successful sign-in does not count.
 */
export function loginRateLimits(db: Knex, per15Minutes: number): RateLimitRequestHandler[] {
  const common = {
    windowMs: LOGIN_WINDOW_MS,
    limit: per15Minutes,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    message: { message: API_ERRORS.loginRateLimited },
  };
  const byClient = rateLimit({ ...common, keyGenerator: clientKey, store: new KnexRateLimitStore(db, 'login-ip:') });
  const byUsername = rateLimit({
    ...common,
    keyGenerator: (req) =>
      String((req.body as { username?: unknown } | undefined)?.username ?? '')
        .trim()
        .toLowerCase(),
    // Without a username there is nothing to guess at; validation answers 400.
    skip: (req) => typeof (req.body as { username?: unknown } | undefined)?.username !== 'string',
    store: new KnexRateLimitStore(db, 'login-user:'),
  });
  return [byClient, byUsername];
}
