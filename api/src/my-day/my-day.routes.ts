// GET /api/admin/my-day?scope=me|all: the signed-in person's working day; everyone's for admins.
// GET /api/admin/counts: the counts beside the CRM's sections and bell.
import { API_ERRORS } from '@shine/shared/messages';
import { workdayOperations } from '@shine/shared/operations/workday';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { buildMyDay } from './my-day.service.ts';
import { countShell } from './shell-counts.service.ts';

export function myDayRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/my-day');

  route(workdayOperations.getMyDay, async (req, res) => {
    const user = sessionUser(req);
    // Everyone's day is the admins' view of the team; a salesperson sees their own.
    if (req.query.scope === 'all' && user.role !== 'admin') throw new AppError(403, API_ERRORS.adminRoleRequired);
    res.json(
      await buildMyDay(db, { userId: user.id, scope: req.query.scope, now: now(), timeZone: config.businessTimeZone }),
    );
  });

  return router;
}

/** Mounted at /api/admin/counts. */
export function shellCountsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/counts');
  route(workdayOperations.getShellCounts, async (req, res) => {
    res.json(await countShell(db, { userId: sessionUser(req).id, now: now(), timeZone: config.businessTimeZone }));
  });
  return router;
}
