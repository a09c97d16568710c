import { loginSchema, passwordChangeSchema } from '@shine/shared/auth';
import { API_ERRORS } from '@shine/shared/messages';
import type { SessionInfo } from '@shine/shared/types';
import { type Request, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { findSessionUser, requireAuth, sessionUser } from '../http/auth-guard.ts';
import { loginRateLimits } from '../http/rate-limits.ts';
import { validate } from '../http/validate.ts';
import { authenticate, changePassword } from './auth.service.ts';
import { sessionCookieName, sessionCookieOptions } from './session.ts';

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
const destroy = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));

/** /api/admin: login, me, logout and password change. */
export function authRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  router.post(
    '/login',
    ...loginRateLimits(db, config.rateLimitLoginPer15Minutes),
    validate({ body: loginSchema }),
    async (req, res) => {
      const user = await authenticate(db, req.body.username, req.body.password);
      if (!user) throw new AppError(401, API_ERRORS.invalidCredentials);
      // A new session id at sign-in: a session id planted before it (fixation) is worth nothing.
      await regenerate(req);
      const at = now().getTime();
      req.session.userId = user.id;
      req.session.username = user.username;
      req.session.authenticatedAt = at;
      req.session.touchedAt = at;
      await save(req);
      const body: SessionInfo = { isAuthenticated: true, user };
      res.json(body);
    },
  );

  router.get('/me', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const user = findSessionUser(req);
    const body: SessionInfo = user ? { isAuthenticated: true, user } : { isAuthenticated: false };
    res.json(body);
  });

  router.post('/logout', requireAuth, async (req, res) => {
    await destroy(req);
    res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
    res.status(204).end();
  });

  router.post('/me/password', requireAuth, validate({ body: passwordChangeSchema }), async (req, res) => {
    await changePassword(db, sessionUser(req).id, req.body.currentPassword, req.body.newPassword, req.sessionID);
    res.status(204).end();
  });

  return router;
}
