// The customer's session (docs/decisions.md, "The customer's account"): its own cookie (`account`, or
// `__Host-account` + Secure when COOKIE_SECURE is on), HttpOnly, SameSite=Lax, holding a random token
// whose SHA-256 names a row of account_sessions. It ends after ACCOUNT_SESSION_IDLE_HOURS without a
// request, ACCOUNT_SESSION_ABSOLUTE_DAYS after the sign-in, or at sign-out. It is read only by the
// account's routes, and staff routes read only the staff cookie: neither kind opens the other's routes.
import { ACCOUNT_MESSAGES, ACCOUNT_SESSION_ABSOLUTE_DAYS, ACCOUNT_SESSION_IDLE_HOURS } from '@shine/shared/account';
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import {
  deleteAccountSession,
  deleteEndedAccountSessions,
  findLiveAccountSession,
  insertAccountSession,
  touchAccountSession,
} from './account.queries.ts';
import { hashAccountToken, newAccountToken } from './account-tokens.ts';

const HOUR_MS = 3_600_000;
export const ACCOUNT_IDLE_MS = ACCOUNT_SESSION_IDLE_HOURS * HOUR_MS;
export const ACCOUNT_ABSOLUTE_MS = ACCOUNT_SESSION_ABSOLUTE_DAYS * 24 * HOUR_MS;
/** last_seen_at is written at most this often (each request would be a write otherwise). */
const TOUCH_EVERY_MS = 60_000;

export function accountCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? '__Host-account' : 'account';
}

/** The signed-in customer: their address (every lead sharing it is theirs). */
export interface AccountCustomer {
  email: string;
  tokenHash: string;
}

type AccountLocals = { accountCustomer?: AccountCustomer | undefined };
const localsOf = (res: Response) => res.locals as AccountLocals;

/** The signed-in customer of this request (behind readAccountSession), if any. */
export function findAccountCustomer(res: Response): AccountCustomer | undefined {
  return localsOf(res).accountCustomer;
}

function cookieValue(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function setCookie(res: Response, config: Pick<Config, 'cookieSecure'>, value: string, maxAgeMs: number): void {
  res.cookie(accountCookieName(config), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: maxAgeMs,
  });
}

export function clearAccountCookie(res: Response, config: Pick<Config, 'cookieSecure'>): void {
  res.clearCookie(accountCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
  });
}

/** Signs the customer of `email` in: a new session row and its cookie. */
export async function startAccountSession(
  db: Knex,
  res: Response,
  config: Pick<Config, 'cookieSecure'>,
  email: string,
  now: Date,
): Promise<void> {
  await deleteEndedAccountSessions(db, now, new Date(now.getTime() - ACCOUNT_IDLE_MS));
  const { token, tokenHash } = newAccountToken();
  await insertAccountSession(db, {
    token_hash: tokenHash,
    email,
    created_at: now,
    last_seen_at: now,
    ends_at: new Date(now.getTime() + ACCOUNT_ABSOLUTE_MS),
  });
  setCookie(res, config, token, ACCOUNT_ABSOLUTE_MS);
}

/** Reads the account cookie: res.locals.accountCustomer when it names a live session. Never refuses. */
export function readAccountSession(db: Knex, config: Pick<Config, 'cookieSecure'>, now: () => Date): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = cookieValue(req, accountCookieName(config));
      if (!token) return next();
      const tokenHash = hashAccountToken(token);
      const at = now();
      const session = await findLiveAccountSession(db, tokenHash, at, new Date(at.getTime() - ACCOUNT_IDLE_MS));
      if (!session) {
        clearAccountCookie(res, config);
        return next();
      }
      if (at.getTime() - session.last_seen_at.getTime() >= TOUCH_EVERY_MS)
        await touchAccountSession(db, session.id, at);
      localsOf(res).accountCustomer = { email: session.email, tokenHash };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** 401 without a signed-in customer (behind readAccountSession). */
export const requireAccount: RequestHandler = (_req, res, next) => {
  next(findAccountCustomer(res) ? undefined : new AppError(401, ACCOUNT_MESSAGES.notSignedIn));
};

export function accountCustomerOf(res: Response): AccountCustomer {
  const customer = findAccountCustomer(res);
  if (!customer) throw new AppError(401, ACCOUNT_MESSAGES.notSignedIn);
  return customer;
}

/** Signs the customer out: the row removed, the cookie cleared (unless a new session's replaces it). */
export async function endAccountSession(
  db: Knex,
  res: Response,
  config: Pick<Config, 'cookieSecure'>,
  options: { clearCookie: boolean } = { clearCookie: true },
): Promise<void> {
  const customer = findAccountCustomer(res);
  if (customer) await deleteAccountSession(db, customer.tokenHash);
  localsOf(res).accountCustomer = undefined;
  if (options.clearCookie) clearAccountCookie(res, config);
}

/** The key a customer's changes are counted under (rate-limits.ts): their session's, never the token itself. */
export function accountChangeKey(_req: Request, res: Response): string {
  return findAccountCustomer(res)?.tokenHash ?? '';
}
