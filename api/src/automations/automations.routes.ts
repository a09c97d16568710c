import { automationOperations } from '@shine/shared/operations/automations';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { createAutomation, deleteAutomation, listAutomations, updateAutomation } from './automations.service.ts';
import { addRecipeAutomation, listRecipeStates } from './recipes.service.ts';

/** /api/admin/automations */
export function automationsRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/automations');

  route(automationOperations.listAutomations, async (_req, res) => {
    res.json(await listAutomations(db));
  });

  route(automationOperations.createAutomation, async (req, res) => {
    res.status(201).json(await createAutomation(db, req.body, sessionUser(req).id));
  });

  route(automationOperations.listAutomationRecipes, async (_req, res) => {
    res.json(await listRecipeStates(db));
  });

  // 201 with the new rule; 200 with the rule already made from the recipe (a repeat click is harmless).
  route(automationOperations.addAutomationRecipe, async (req, res) => {
    const { automation, created } = await addRecipeAutomation(db, req.params.key, req.body, sessionUser(req).id);
    res.status(created ? 201 : 200).json(automation);
  });

  route(automationOperations.updateAutomation, async (req, res) => {
    res.json(await updateAutomation(db, req.params.id, req.body, sessionUser(req).id));
  });

  route(automationOperations.deleteAutomation, async (req, res) => {
    await deleteAutomation(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}
