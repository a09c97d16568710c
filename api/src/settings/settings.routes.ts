// /api/admin/settings (app.ts mounts it behind requireRole('admin')): the company's details. The
// speed-to-lead alert settings under it are speed-to-lead/speed-to-lead.routes.ts.
import { settingsOperations } from '@shine/shared/operations/settings';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { getCompanyDetails, saveCompanyDetails } from './company-details.service.ts';

export function settingsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/settings');

  route(settingsOperations.getCompanySettings, async (_req, res) => {
    res.json(await getCompanyDetails(db));
  });

  route(settingsOperations.saveCompanySettings, async (req, res) => {
    res.json(await saveCompanyDetails(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}
