import { API_ERRORS } from '@shine/shared/messages';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { isDatabaseUp } from './health.queries.ts';

export function healthRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (await isDatabaseUp(db)) res.json({ ok: true, db: 'up' });
    else res.status(503).json({ ok: false, db: 'down', message: API_ERRORS.databaseUnavailable });
  });
  return router;
}
