import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { answerIfFresh } from '../http/conditional.ts';
import { buildMetrics, buildStats, metricsEtag, statsEtag } from './reports.service.ts';

/** GET /api/admin/stats and /api/admin/metrics, polled every 15 s: 304 while nothing changed. */
export function reportsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  router.get('/stats', async (req, res) => {
    if (answerIfFresh(req, res, await statsEtag(db))) return;
    res.json(await buildStats(db));
  });

  router.get('/metrics', async (req, res) => {
    const at = now();
    if (answerIfFresh(req, res, await metricsEtag(db, at, config.businessTimeZone))) return;
    res.json(await buildMetrics(db, at, config.businessTimeZone));
  });

  return router;
}
