import { activityCreateSchema } from '@shine/shared/activities';
import { uuidSchema } from '@shine/shared/leads';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { createActivity, listActivitiesOfLead, summarizeActivities } from './activities.service.ts';

const leadIdParamsSchema = z.object({ leadId: uuidSchema });

/** /api/admin/activities */
export function activitiesRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();

  router.post('/', validate({ body: activityCreateSchema }), async (req, res) => {
    res.status(201).json(await createActivity(db, sessionUser(req).id, req.body, now()));
  });

  router.get('/summary', async (_req, res) => {
    res.json(await summarizeActivities(db));
  });

  router.get('/lead/:leadId', validate({ params: leadIdParamsSchema }), async (req, res) => {
    res.json(await listActivitiesOfLead(db, req.params.leadId));
  });

  return router;
}
