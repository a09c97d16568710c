import { leadOperations } from '@shine/shared/operations/leads';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { summarizeActivities } from './activities.service.ts';

/**
 * /api/admin/activities/summary. Creating an activity and a lead's timeline are the lead's
 * (leads/lead-activities.routes.ts), mounted on the same path.
 */
export function activitiesRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/activities');

  route(leadOperations.getActivitySummary, async (_req, res) => {
    res.json(await summarizeActivities(db));
  });

  return router;
}
