import { automationRecipeCreateSchema, automationRecipeParamsSchema } from '@shine/shared/automation-recipes';
import { automationCreateSchema, automationUpdateSchema } from '@shine/shared/automations';
import { idParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { createAutomation, deleteAutomation, listAutomations, updateAutomation } from './automations.service.ts';
import { addRecipeAutomation, listRecipeStates } from './recipes.service.ts';

/** /api/admin/automations */
export function automationsRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listAutomations(db));
  });

  router.post('/', validate({ body: automationCreateSchema }), async (req, res) => {
    res.status(201).json(await createAutomation(db, req.body, sessionUser(req).id));
  });

  router.get('/recipes', async (_req, res) => {
    res.json(await listRecipeStates(db));
  });

  // 201 with the new rule; 200 with the rule already made from the recipe (a repeat click is harmless).
  router.post(
    '/recipes/:key',
    validate({ params: automationRecipeParamsSchema, body: automationRecipeCreateSchema }),
    async (req, res) => {
      const { automation, created } = await addRecipeAutomation(db, req.params.key, req.body, sessionUser(req).id);
      res.status(created ? 201 : 200).json(automation);
    },
  );

  router.patch('/:id', validate({ params: idParamsSchema, body: automationUpdateSchema }), async (req, res) => {
    res.json(await updateAutomation(db, req.params.id, req.body, sessionUser(req).id));
  });

  router.delete('/:id', validate({ params: idParamsSchema }), async (req, res) => {
    await deleteAutomation(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}
