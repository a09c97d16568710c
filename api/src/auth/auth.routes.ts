import { API_ERRORS, loginRetryMessage } from '@shine/shared/messages';
import { publicOperations } from '@shine/shared/operations/public';
import type { Request, Response, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { findSessionUser, sessionUser } from '../http/auth-guard.ts';
import { requireHttpsForSecureCookies } from '../http/https-required.ts';
import { loginRateLimitPerClient, markCurrentPasswordRefused, passwordChangeRateLimits } from '../http/rate-limits.ts';
import { operationRouter } from '../http/route.ts';
import { publishSessionEnded } from '../live/index.ts';
import { authenticate, changePassword } from './auth.service.ts';
import { knownDevice, knownDevices } from './known-devices.middleware.ts';
import { loginThrottle } from './login-throttle.ts';
import { sessionCookieName, sessionCookieOptions } from './session.middleware.ts';

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
const destroy = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));

function tooManyAttempts(res: Response, retryAfterSeconds: number): AppError {
  res.setHeader('Retry-After', String(retryAfterSeconds));
  return new AppError(429, loginRetryMessage(retryAfterSeconds));
}

/** /api/admin: login, me, logout and password change (own settings and the team: users.routes.ts). */
export function authRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin');
  const devices = knownDevices({ db, config, now });
  const throttle = loginThrottle(db, config.rateLimitLoginPer15Minutes);

  route(
    publicOperations.signIn,
    [
      requireHttpsForSecureCookies(config.cookieSecure),
      devices.recognize,
      loginRateLimitPerClient(db, config.rateLimitLoginPer15Minutes, (res) => knownDevice(res) !== undefined),
    ],
    async (req, res) => {
      const attempt = await throttle.begin(req.body.username, knownDevice(res), now());
      if (!attempt.allowed) throw tooManyAttempts(res, attempt.retryAfterSeconds);
      const user = await authenticate(db, req.body.username, req.body.password);
      if (!user) throw new AppError(401, API_ERRORS.invalidCredentials);
      await attempt.succeeded();
      // A new session id at sign-in: a session id planted before it (fixation) is worth nothing.
      await regenerate(req);
      const at = now().getTime();
      req.session.userId = user.id;
      req.session.username = user.username;
      req.session.name = user.name;
      req.session.role = user.role;
      req.session.authenticatedAt = at;
      req.session.touchedAt = at;
      await save(req);
      await devices.issue(res, user.username);
      res.json({ isAuthenticated: true, user });
    },
  );

  route(publicOperations.getSession, (req, res) => {
    const user = findSessionUser(req);
    res.json(user ? { isAuthenticated: true, user, timeZone: config.businessTimeZone } : { isAuthenticated: false });
  });

  route(publicOperations.signOut, async (req, res) => {
    // The device cookie stays: the device is still one this user signed in from.
    const sessionId = req.sessionID;
    await destroy(req);
    // Its live streams end now, in every process, not at their next heartbeat.
    await publishSessionEnded(db, sessionId);
    res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
    res.status(204).end();
  });

  route(
    publicOperations.changePassword,
    passwordChangeRateLimits(db, config.rateLimitLoginPer15Minutes),
    async (req, res) => {
      const { currentPassword, newPassword } = req.body;
      if (!(await changePassword(db, sessionUser(req).id, currentPassword, newPassword, req.sessionID, now()))) {
        markCurrentPasswordRefused(res);
        throw new AppError(400, API_ERRORS.wrongPassword, [
          { path: 'currentPassword', message: API_ERRORS.wrongPassword },
        ]);
      }
      res.status(204).end();
    },
  );

  return router;
}
