// /api/admin/notifications: the signed-in person's own notifications.
import { workdayOperations } from '@shine/shared/operations/workday';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';

export function notificationsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/notifications');

  route(workdayOperations.listNotifications, async (req, res) => {
    res.json(await listNotifications(db, sessionUser(req).id));
  });

  route(workdayOperations.markNotificationsRead, async (req, res) => {
    res.json(await markNotificationsRead(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}
