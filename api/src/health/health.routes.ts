import { publicOperations } from '@shine/shared/operations/public';
import { operationRouter } from '../http/route.ts';
import { API_ERRORS } from '@shine/shared/messages';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { isDatabaseUp } from './health.service.ts';

export function healthRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/health');
  route(publicOperations.getHealth, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (await isDatabaseUp(db)) res.json({ ok: true, db: 'up' });
    else res.status(503).json({ ok: false, db: 'down', message: API_ERRORS.databaseUnavailable });
  });
  return router;
}
