import { setupPasswordSchema } from '@shine/shared/team';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { setupPasswordRateLimit } from '../http/rate-limits.ts';
import { validate } from '../http/validate.ts';
import { setPasswordWithLink } from './setup-password.service.ts';

/** /api/setup-password: public (the person has no password yet), rate limited, one use per link. */
export function setupPasswordRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();
  router.post(
    '/',
    setupPasswordRateLimit(db, config.rateLimitLoginPer15Minutes),
    validate({ body: setupPasswordSchema }),
    async (req, res) => {
      await setPasswordWithLink(db, req.body.token, req.body.password, now());
      res.status(204).end();
    },
  );
  return router;
}
