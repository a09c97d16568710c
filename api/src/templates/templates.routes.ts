import { automationOperations } from '@shine/shared/operations/automations';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.ts';

/** /api/admin/templates */
export function templatesRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/templates');

  route(automationOperations.listTemplates, async (_req, res) => {
    res.json(await listTemplates(db));
  });

  route(automationOperations.createTemplate, async (req, res) => {
    res.status(201).json(await createTemplate(db, req.body, sessionUser(req).id));
  });

  route(automationOperations.updateTemplate, async (req, res) => {
    res.json(await updateTemplate(db, req.params.id, req.body, sessionUser(req).id));
  });

  route(automationOperations.deleteTemplate, async (req, res) => {
    await deleteTemplate(db, req.params.id, sessionUser(req).id);
    res.status(204).end();
  });

  return router;
}
