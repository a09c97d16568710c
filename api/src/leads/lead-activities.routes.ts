import { activityCreateSchema, activityListQuerySchema, activityUpdateSchema } from '@shine/shared/activities';
import type { ActivityList } from '@shine/shared/responses/activities';
import { idParamsSchema, leadIdParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import {
  createStaffActivity,
  listActivitiesWithLeads,
  listLeadActivities,
  updateStaffActivity,
} from './lead-activities.service.ts';

/** /api/admin/activities: a staff member logs one, a lead's timeline, and every lead's of one status. */
export function leadActivitiesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  router.post('/', validate({ body: activityCreateSchema }), async (req, res) => {
    const activity = await createStaffActivity(db, sessionUser(req).id, req.body, now(), config.businessTimeZone);
    res.status(201).json(activity);
  });

  router.get('/', validate({ query: activityListQuerySchema }), async (req, res) => {
    const body: ActivityList = await listActivitiesWithLeads(db, req.query);
    res.json(body);
  });

  router.get('/lead/:leadId', validate({ params: leadIdParamsSchema }), async (req, res) => {
    res.json(await listLeadActivities(db, req.params.leadId));
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: activityUpdateSchema }), async (req, res) => {
    res.json(await updateStaffActivity(db, sessionUser(req).id, req.params.id, req.body, now()));
  });

  return router;
}
