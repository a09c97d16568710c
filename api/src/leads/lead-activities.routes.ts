import { leadOperations } from '@shine/shared/operations/leads';
import { workdayOperations } from '@shine/shared/operations/workday';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import {
  createStaffActivity,
  listActivitiesWithLeads,
  listLeadActivities,
  updateStaffActivity,
} from './lead-activities.service.ts';

/** /api/admin/activities: a staff member logs one, a lead's timeline, and every lead's of one status. */
export function leadActivitiesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/activities');

  route(leadOperations.createActivity, async (req, res) => {
    const activity = await createStaffActivity(db, sessionUser(req).id, req.body, now(), config.businessTimeZone);
    res.status(201).json(activity);
  });

  route(leadOperations.listActivities, async (req, res) => {
    res.json(await listActivitiesWithLeads(db, req.query));
  });

  route(leadOperations.listLeadActivities, async (req, res) => {
    res.json(await listLeadActivities(db, req.params.leadId));
  });

  route(workdayOperations.updateActivity, async (req, res) => {
    res.json(await updateStaffActivity(db, sessionUser(req).id, req.params.id, req.body, now()));
  });

  return router;
}
