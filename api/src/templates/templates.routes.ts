import { idParamsSchema } from '@shine/shared/leads';
import { templateCreateSchema, templateUpdateSchema } from '@shine/shared/templates';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.ts';

/** /api/admin/templates */
export function templatesRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listTemplates(db));
  });

  router.post('/', validate({ body: templateCreateSchema }), async (req, res) => {
    res.status(201).json(await createTemplate(db, req.body, sessionUser(req).id));
  });

  router.patch('/:id', validate({ params: idParamsSchema, body: templateUpdateSchema }), async (req, res) => {
    res.json(await updateTemplate(db, req.params.id, req.body, sessionUser(req).id));
  });

  router.delete('/:id', validate({ params: idParamsSchema }), async (req, res) => {
    await deleteTemplate(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}
