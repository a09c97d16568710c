// Session cookie and lifetime rules (docs/security.md):
// - store in the database; the server refuses to run on MemoryStore in production;
// - resave false, saveUninitialized false: a visitor gets no session row and no cookie;
// - cookie `sid` (httpOnly, SameSite=Lax), or `__Host-sid` + Secure when COOKIE_SECURE=true;
// - idle timeout: the cookie's max age, renewed on every request (rolling-cookie.middleware.ts), SESSION_IDLE_MINUTES;
// - absolute lifetime: SESSION_ABSOLUTE_HOURS after sign-in, whatever the activity.
import type { UserRole } from '@shine/shared/enums';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../config.ts';
import { DatabaseSessionStore } from '../db/session-store.ts';
import { rollingSessionCookie } from './rolling-cookie.middleware.ts';
import type { AppDeps } from '../deps.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    username: string;
    /** The display name and role, set at sign-in and rewritten when an admin changes them (auth/users.service.ts). */
    name: string;
    role: UserRole;
    /** Epoch ms of the sign-in; the absolute lifetime counts from here. */
    authenticatedAt: number;
    /** Epoch ms of the last write to the store (see db/session-store.ts). */
    touchedAt: number;
  }
}

export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  // The __Host- prefix pins the cookie to this host, path / and HTTPS.
  return config.cookieSecure ? '__Host-sid' : 'sid';
}

export function sessionCookieOptions(config: Pick<Config, 'cookieSecure'>) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
}

export interface SessionMiddleware {
  handlers: RequestHandler[];
  store: session.Store;
  close: () => void;
}

export function createSessionMiddleware(
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'sessionSecrets' | 'now'>,
  store?: session.Store,
): SessionMiddleware {
  const { config } = deps;
  const sessionStore =
    store ?? new DatabaseSessionStore({ db: deps.db, logger: deps.logger, now: () => deps.now().getTime() });
  if (config.isProduction && sessionStore instanceof session.MemoryStore) {
    throw new Error('Refusing to start: the in-memory session store is not for production.');
  }
  if (deps.sessionSecrets.length === 0) throw new Error('No session secret');
  const middleware = session({
    name: sessionCookieName(config),
    secret: deps.sessionSecrets,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    // Rolling, but renewed by rollingSessionCookie: express-session would sign it on every answer.
    rolling: false,
    cookie: { ...sessionCookieOptions(config), maxAge: config.sessionIdleMs },
  });
  const renewal = rollingSessionCookie({
    name: sessionCookieName(config),
    secret: deps.sessionSecrets[0] as string,
    cookie: sessionCookieOptions(config),
  });

  const enforceAbsoluteLifetime: RequestHandler = (req, _res, next) => {
    const startedAt = req.session?.authenticatedAt;
    if (startedAt === undefined || deps.now().getTime() - startedAt <= config.sessionAbsoluteMs) return next();
    req.session.destroy((err) => next(err));
  };

  return {
    handlers: [renewal, middleware, enforceAbsoluteLifetime],
    store: sessionStore,
    close: () => {
      if (sessionStore instanceof DatabaseSessionStore) sessionStore.close();
    },
  };
}
