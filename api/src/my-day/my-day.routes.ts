// GET /api/admin/my-day?scope=me|all: the signed-in person's working day; everyone's for admins.
import { API_ERRORS } from '@shine/shared/messages';
import { myDayQuerySchema } from '@shine/shared/my-day';
import type { MyDay } from '@shine/shared/responses/my-day';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { buildMyDay } from './my-day.service.ts';

export function myDayRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  router.get('/', validate({ query: myDayQuerySchema }), async (req, res) => {
    const user = sessionUser(req);
    // Everyone's day is the admins' view of the team; a salesperson sees their own.
    if (req.query.scope === 'all' && user.role !== 'admin') throw new AppError(403, API_ERRORS.adminRoleRequired);
    const body: MyDay = await buildMyDay(db, {
      userId: user.id,
      scope: req.query.scope,
      now: now(),
      timeZone: config.businessTimeZone,
    });
    res.json(body);
  });

  return router;
}
