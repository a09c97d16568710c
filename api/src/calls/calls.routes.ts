// /api/admin/calls: the Calls list and a call marked called back; /api/admin/settings/calls: the settings.
import { callOperations } from '@shine/shared/operations/calls';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { getCallSettings, listCalls, markCallCalledBack, saveCallSettings } from './calls.service.ts';

export function callsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/calls');

  route(callOperations.listCalls, async (req, res) => {
    res.json(await listCalls(db, req.query));
  });

  route(callOperations.markCallCalledBack, async (req, res) => {
    res.json(await markCallCalledBack(db, req.params.id, sessionUser(req).id, now()));
  });

  return router;
}

export function callSettingsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/settings/calls');

  route(callOperations.getCallSettings, async (_req, res) => {
    res.json(await getCallSettings(db));
  });

  route(callOperations.saveCallSettings, async (req, res) => {
    res.json(await saveCallSettings(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}
