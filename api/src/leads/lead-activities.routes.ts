import { leadOperations } from '@shine/shared/operations/leads';
import { workdayOperations } from '@shine/shared/operations/workday';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { createStaffActivity, listLeadActivities, updateStaffActivity } from './lead-activities.service.ts';

/** /api/admin/activities of a lead: a staff member logs one, and the lead's timeline. */
export function leadActivitiesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/activities');

  route(leadOperations.createActivity, async (req, res) => {
    const activity = await createStaffActivity(db, sessionUser(req).id, req.body, now(), config.businessTimeZone);
    res.status(201).json(activity);
  });

  route(leadOperations.listLeadActivities, async (req, res) => {
    res.json(await listLeadActivities(db, req.params.leadId));
  });

  route(workdayOperations.updateActivity, async (req, res) => {
    res.json(await updateStaffActivity(db, sessionUser(req).id, req.params.id, req.body, now()));
  });

  return router;
}
