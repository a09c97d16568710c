import { leadOperations } from '@shine/shared/operations/leads';
import { operationRouter } from '../http/route.ts';
import type { Metrics } from '@shine/shared/types';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { answerIfFresh } from '../http/conditional.ts';
import { createEtagMemo } from '../http/etag-memo.ts';
import { buildIntakeReport } from './intake-report.ts';
import { buildAnalyticsReport } from './analytics-report.ts';
import { buildMetrics, buildStats, metricsEtag, statsEtag } from './reports.service.ts';
import type { StatsReport } from '@shine/shared/types';

/**
 * GET /api/admin/stats and /api/admin/metrics, polled every 15 s (304 while nothing changed), /intake,
 * and /reports/analytics for a range of business dates.
 */
export function reportsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin');
  // Whole-table aggregates: computed once per ETag, not once per poll (see http/etag-memo.ts).
  const stats = createEtagMemo<StatsReport>(2);
  const metrics = createEtagMemo<Metrics>(2);

  route(leadOperations.getStats, async (req, res) => {
    const etag = await statsEtag(db);
    if (answerIfFresh(req, res, etag)) return;
    res.json(await stats.get(etag, () => buildStats(db)));
  });

  route(leadOperations.getMetrics, async (req, res) => {
    const at = now();
    const etag = await metricsEtag(db, at, config.businessTimeZone);
    if (answerIfFresh(req, res, etag)) return;
    res.json(await metrics.get(etag, () => buildMetrics(db, at, config.businessTimeZone)));
  });

  // Not memoised by ETag: "awaiting contact" changes with the clock alone, and it reads one
  // 30-day slice of leads through indexes.
  route(leadOperations.getIntakeReport, async (_req, res) => {
    res.json(await buildIntakeReport(db, { now: now(), timeZone: config.businessTimeZone }));
  });

  // One indexed scan of the range's leads; asked for when the screen opens or the range changes.
  route(leadOperations.getAnalyticsReport, async (req, res) => {
    res.json(await buildAnalyticsReport(db, req.query, config.businessTimeZone));
  });

  return router;
}
