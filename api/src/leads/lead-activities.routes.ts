import { activityCreateSchema, activityUpdateSchema } from '@shine/shared/activities';
import { idParamsSchema, leadIdParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { createStaffActivity, listLeadActivities, updateStaffActivity } from './lead-activities.service.ts';

/** /api/admin/activities of a lead: a staff member logs one, and the lead's timeline. */
export function leadActivitiesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();

  router.post('/', validate({ body: activityCreateSchema }), async (req, res) => {
    const activity = await createStaffActivity(db, sessionUser(req).id, req.body, now(), config.businessTimeZone);
    res.status(201).json(activity);
  });

  router.get('/lead/:leadId', validate({ params: leadIdParamsSchema }), async (req, res) => {
    res.json(await listLeadActivities(db, req.params.leadId));
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: activityUpdateSchema }), async (req, res) => {
    res.json(await updateStaffActivity(db, sessionUser(req).id, req.params.id, req.body, now()));
  });

  return router;
}
