import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { summarizeActivities } from './activities.service.ts';

/**
 * /api/admin/activities/summary. Creating an activity and a lead's timeline are the lead's
 * (leads/lead-activities.routes.ts), mounted on the same path.
 */
export function activitiesRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();

  router.get('/summary', async (_req, res) => {
    res.json(await summarizeActivities(db));
  });

  return router;
}
