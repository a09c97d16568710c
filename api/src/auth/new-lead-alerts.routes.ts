// GET/PATCH /api/admin/me/alerts: the signed-in person's own new-lead alert settings.
import { liveOperations } from '@shine/shared/operations/live';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { getAlertSettings, updateAlertSettings } from './new-lead-alerts.service.ts';

export function newLeadAlertsRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/me/alerts');

  route(liveOperations.getAlertSettings, async (req, res) => {
    res.json(await getAlertSettings(db, sessionUser(req).id));
  });

  route(liveOperations.updateAlertSettings, async (req, res) => {
    res.json(await updateAlertSettings(db, sessionUser(req).id, req.body));
  });

  return router;
}
