// /api/admin/lost-reasons: every signed-in person reads the list (the CRM asks for a reason when a lead
// moves to Lost); app.ts lets only admins write it.
import { settingsOperations } from '@shine/shared/operations/settings';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { getLostReasons, saveLostReasons } from './lost-reasons.service.ts';

export function lostReasonsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/lost-reasons');

  route(settingsOperations.getLostReasons, async (_req, res) => {
    res.json(await getLostReasons(db));
  });

  route(settingsOperations.saveLostReasons, async (req, res) => {
    res.json(await saveLostReasons(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}
