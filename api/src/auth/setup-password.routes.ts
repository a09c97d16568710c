import { teamOperations } from '@shine/shared/operations/team';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { setupPasswordRateLimit } from '../http/rate-limits.ts';
import { checkSetupLink, setPasswordWithLink } from './setup-password.service.ts';

/** /api/setup-password: public (the person has no password yet), rate limited, one use per link. */
export function setupPasswordRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/setup-password');
  // Refused checks count with refused submissions: one budget per client address for probing links.
  const limit = setupPasswordRateLimit(db, config.rateLimitLoginPer15Minutes);
  route(teamOperations.checkSetupLink, [limit], async (req, res) => {
    res.json(await checkSetupLink(db, req.body.token, now()));
  });
  route(teamOperations.setPasswordWithLink, [limit], async (req, res) => {
    await setPasswordWithLink(db, req.body.token, req.body.password, now());
    res.status(204).end();
  });
  return router;
}
