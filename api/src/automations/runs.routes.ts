import { automationOperations } from '@shine/shared/operations/automations';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import {
  listMessagesOfLead,
  listOutbox,
  listRunsOfAutomation,
  listRunsOfLead,
  previewAutomation,
} from './runs.service.ts';

/** /api/admin/automations: the dry run and a rule's run history (beside automationsRouter). */
export function automationRunsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/automations');
  route(automationOperations.previewAutomation, async (req, res) => {
    res.json(await previewAutomation(db, req.body, now()));
  });
  route(automationOperations.listAutomationRuns, async (req, res) => {
    res.json(await listRunsOfAutomation(db, req.params.id));
  });
  return router;
}

/**
 * /api/admin/leads/:id/runs and /outbox: what automations did to one lead (the lead's whole
 * conversation, these messages included, is the conversations feature's /messages).
 */
export function leadAutomationRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/leads');
  route(automationOperations.listLeadRuns, async (req, res) => {
    res.json(await listRunsOfLead(db, req.params.id));
  });
  route(automationOperations.listLeadOutbox, async (req, res) => {
    res.json(await listMessagesOfLead(db, req.params.id));
  });
  return router;
}

/** /api/admin/outbox: messages not sent (no transport), failed, or still being retried. */
export function outboxRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/outbox');
  route(automationOperations.listOutbox, async (req, res) => {
    res.json(await listOutbox(db, req.query));
  });
  return router;
}
