// Rate limits, counted in the database (db/rate-limit-store.ts) so that every process shares them.
import { createHash } from 'node:crypto';
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { API_ERRORS } from '@shine/shared/messages';
import { passwordChangeSchema } from '@shine/shared/auth';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { Knex } from 'knex';
import { KnexRateLimitStore } from '../db/rate-limit-store.ts';
import { findSessionUser } from './auth-guard.ts';

const MINUTE_MS = 60_000;
const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** `limit` requests per client address per minute, counted under `prefix` in the shared store. */
function perClientPerMinute(db: Knex, prefix: string, limit: number) {
  return {
    windowMs: MINUTE_MS,
    limit,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    keyGenerator: clientKey,
    store: new KnexRateLimitStore(db, prefix),
  };
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
    ...perClientPerMinute(db, 'leads:', perMinute),
    message: { message: API_ERRORS.rateLimited },
    handler: async (_req, res, _next, options) => {
      await onLimited().catch(() => {});
      res.status(options.statusCode).json(options.message);
    },
  });
}

/** Counting failures only (a success does not count), `limit` per 15 minutes: the sign-in checks. */
function failuresPer15Minutes(limit: number) {
  return {
    windowMs: LOGIN_WINDOW_MS,
    limit,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
  };
}

/**
 * Login: failed attempts per client address (any username). Attempts from a known device (a valid
 * device cookie for the username sent) are skipped: they have their own count (auth/login-throttle.ts),
 * so guesses from an address the owner shares (an office, a carrier's NAT) do not lock the owner out.
 * Per username, attempts are counted by auth/login-throttle.ts. A successful sign-in does not count.
 */
export function loginRateLimitPerClient(
  db: Knex,
  per15Minutes: number,
  isKnownDevice: (res: Response) => boolean,
): RateLimitRequestHandler {
  return rateLimit({
    ...failuresPer15Minutes(per15Minutes),
    skip: (_req, res) => isKnownDevice(res),
    keyGenerator: clientKey,
    store: new KnexRateLimitStore(db, 'login-ip:'),
    message: { message: API_ERRORS.loginRateLimited },
  });
}

/** Set by the password change when the current password was wrong: only those count below. */
export function markCurrentPasswordRefused(res: Response): void {
  (res.locals as { currentPasswordRefused?: boolean }).currentPasswordRefused = true;
}

/**
 * Password change (signed in): wrong current passwords per user and per client address, like the
 * login's, so a session left open is not a way to guess the password. A success, a too-short new
 * password or a refusal by the limit itself does not count.
 */
export function passwordChangeRateLimits(db: Knex, per15Minutes: number): RateLimitRequestHandler[] {
  const common = {
    ...failuresPer15Minutes(per15Minutes),
    // A request the body's validation refuses (a too-short new password) checks no password: it is not
    // counted at all. Counting it and taking it back once answered would leave a moment, before the
    // store's decrement lands, in which a burst of them refuses a real attempt.
    skip: (req: Request) => !passwordChangeSchema.safeParse(req.body).success,
    requestWasSuccessful: (_req: Request, res: Response) =>
      (res.locals as { currentPasswordRefused?: boolean }).currentPasswordRefused !== true,
    message: { message: API_ERRORS.passwordChangeRateLimited },
  };
  const byClient = rateLimit({ ...common, keyGenerator: clientKey, store: new KnexRateLimitStore(db, 'password-ip:') });
  const byUser = rateLimit({
    ...common,
    // Behind requireAuth: there is always a signed-in user.
    keyGenerator: (req) => findSessionUser(req)?.id ?? '',
    store: new KnexRateLimitStore(db, 'password-user:'),
  });
  return [byClient, byUser];
}

/**
 * POST /api/setup-password: refused links (unknown, used, expired) per client address, like failed
 * sign-ins, so nobody can guess tokens (32 random bytes already make guessing hopeless) or probe
 * which links exist. A password set does not count.
 */
export function setupPasswordRateLimit(db: Knex, per15Minutes: number): RateLimitRequestHandler {
  return rateLimit({
    ...failuresPer15Minutes(per15Minutes),
    keyGenerator: clientKey,
    store: new KnexRateLimitStore(db, 'setup-ip:'),
    message: { message: API_ERRORS.setupRateLimited },
  });
}

/**
 * The customer's quote links (GET /q/{token}, its PDF and the answers, HTML or JSON): `perMinute`
 * requests per client address, whatever the token, so links cannot be probed at speed (256 random
 * bits already make guessing hopeless). `respond` writes the 429 in the caller's format.
 */
export function quoteLinkRateLimit(
  db: Knex,
  perMinute: number,
  respond: (res: Response, message: string) => void = (res, message) => {
    res.json({ message });
  },
): RateLimitRequestHandler {
  return rateLimit({
    ...perClientPerMinute(db, 'quote-ip:', perMinute),
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode);
      respond(res, API_ERRORS.rateLimited);
    },
  });
}

/**
 * POST /api/webhooks/sms: `perMinute` calls per client address. The provider calls from its own
 * addresses, at most once per text; a flood from anywhere else is cut before the signature is computed.
 */
export function smsWebhookRateLimit(db: Knex, perMinute: number): RateLimitRequestHandler {
  return rateLimit({
    ...perClientPerMinute(db, 'sms-webhook:', perMinute),
    message: { message: API_ERRORS.rateLimited },
  });
}

/** The key of a quote link's changes: a hash of its token (the token itself is never stored). */
function linkKey(req: Request): string {
  return createHash('sha256')
    .update(String(req.params.token ?? ''))
    .digest('base64url');
}

/**
 * A customer's changes to a booking by its link (booking, moving, cancelling; by the page's forms
 * or the API): `perHour` and `perDay` per link, so a burst cannot send staff a notification and the
 * customer an e-mail per click (docs/security.md, third review, finding 4). A refused change (a
 * window taken, too late) does not count. `respond` writes the 429 in the caller's format, with the
 * business's phone number.
 */
export function bookingChangeRateLimits(
  db: Knex,
  limits: { perHour: number; perDay: number },
  respond: (req: Request, res: Response, message: string) => void | Promise<void>,
  /** Whose changes are counted: the quote link's by default; the customer's account session by its own key. */
  counted: { key: (req: Request, res: Response) => string; prefix: string } = {
    key: linkKey,
    prefix: 'booking-change',
  },
): RateLimitRequestHandler[] {
  const window = (period: 'hour' | 'day', windowMs: number, limit: number) =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: counted.key,
      skipFailedRequests: true,
      store: new KnexRateLimitStore(db, `${counted.prefix}-${period}:`),
      handler: async (req, res) => {
        res.status(429);
        await respond(req, res, BOOKING_MESSAGES.tooManyChanges(limit, period, DEFAULT_COMPANY.phone));
      },
    });
  return [window('hour', 60 * MINUTE_MS, limits.perHour), window('day', 24 * 60 * MINUTE_MS, limits.perDay)];
}

/** The key of an address asked for: a hash of it, lower case (the address itself is never stored here). */
function addressKey(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return createHash('sha256')
    .update(typeof email === 'string' ? email.trim().toLowerCase() : '')
    .digest('base64url');
}

/**
 * Sign-in links to a customer's account (the page's form and the JSON call): `perAddress` per e-mail
 * address and `perClient` per client address, per 15 minutes, every request counted (known address or
 * not, so the limit says nothing of who is a customer). `respond` writes the 429 in the caller's format.
 */
export function accountLinkRateLimits(
  db: Knex,
  limits: { perAddress: number; perClient: number },
  message: string,
  respond: (res: Response, message: string) => void = (res, text) => {
    res.json({ message: text });
  },
): RateLimitRequestHandler[] {
  const common = {
    windowMs: LOGIN_WINDOW_MS,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (_req: Request, res: Response, _next: unknown, options: { statusCode: number }) => {
      res.status(options.statusCode);
      respond(res, message);
    },
  };
  return [
    rateLimit({
      ...common,
      limit: limits.perClient,
      keyGenerator: clientKey,
      store: new KnexRateLimitStore(db, 'account-link-ip:'),
    }),
    rateLimit({
      ...common,
      limit: limits.perAddress,
      keyGenerator: addressKey,
      store: new KnexRateLimitStore(db, 'account-link-address:'),
    }),
  ];
}
