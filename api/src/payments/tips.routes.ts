// GET /api/admin/tips: the tips of a range of business dates, for payroll. (A tip is recorded through
// the visit: scheduling's visit-tips.routes.ts.)
import { tipOperations } from '@shine/shared/operations/tips';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { operationRouter } from '../http/route.ts';
import { listTips } from './tips.service.ts';

export function tipsRouter({ db, config }: Pick<AppDeps, 'db' | 'config'>): Router {
  const { router, route } = operationRouter('/api/admin/tips');

  route(tipOperations.listTips, async (req, res) => {
    res.json(await listTips(db, req.query, config.businessTimeZone));
  });

  return router;
}
