import { setupLinkCheckSchema, setupPasswordSchema } from '@shine/shared/team';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { setupPasswordRateLimit } from '../http/rate-limits.ts';
import { validate } from '../http/validate.ts';
import { checkSetupLink, setPasswordWithLink } from './setup-password.service.ts';

/** /api/setup-password: public (the person has no password yet), rate limited, one use per link. */
export function setupPasswordRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();
  // Refused checks count with refused submissions: one budget per client address for probing links.
  const limit = setupPasswordRateLimit(db, config.rateLimitLoginPer15Minutes);
  router.post('/check', limit, validate({ body: setupLinkCheckSchema }), async (req, res) => {
    res.json(await checkSetupLink(db, req.body.token, now()));
  });
  router.post('/', limit, validate({ body: setupPasswordSchema }), async (req, res) => {
    await setPasswordWithLink(db, req.body.token, req.body.password, now());
    res.status(204).end();
  });
  return router;
}
