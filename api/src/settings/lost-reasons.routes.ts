// /api/admin/lost-reasons: every signed-in person reads the list (the CRM asks for a reason when a lead
// moves to Lost); app.ts lets only admins write it.
import { type LostReasons, lostReasonsSchema } from '@shine/shared/lost-reasons';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { getLostReasons, saveLostReasons } from './lost-reasons.service.ts';

export function lostReasonsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const body: LostReasons = await getLostReasons(db);
    res.json(body);
  });

  router.put('/', validate({ body: lostReasonsSchema }), async (req, res) => {
    const body: LostReasons = await saveLostReasons(db, sessionUser(req).id, req.body, now());
    res.json(body);
  });

  return router;
}
