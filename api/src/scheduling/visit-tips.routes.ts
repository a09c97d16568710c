// POST /api/admin/visits/{id}/tips: a cash or check tip for the crew of a completed visit.
import { tipOperations } from '@shine/shared/operations/tips';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { recordVisitTip } from './visit-tips.service.ts';

export function visitTipsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/visits');

  route(tipOperations.recordVisitTip, async (req, res) => {
    const tip = await recordVisitTip(db, sessionUser(req).id, req.params.id, req.body, now());
    res.status(201).json({ tip });
  });

  return router;
}
