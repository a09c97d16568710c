// /api/admin/notifications: the signed-in person's own notifications.
import { notificationsReadSchema } from '@shine/shared/notifications';
import type { NotificationList, NotificationsReadAnswer } from '@shine/shared/responses/notifications';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';

export function notificationsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const body: NotificationList = await listNotifications(db, sessionUser(req).id);
    res.json(body);
  });

  router.post('/read', validate({ body: notificationsReadSchema }), async (req, res) => {
    const body: NotificationsReadAnswer = await markNotificationsRead(db, sessionUser(req).id, req.body, now());
    res.json(body);
  });

  return router;
}
