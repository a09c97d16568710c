import { automationPreviewSchema, outboxQuerySchema } from '@shine/shared/automation-rules';
import { idParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { validate } from '../http/validate.ts';
import {
  listMessagesOfLead,
  listOutbox,
  listRunsOfAutomation,
  listRunsOfLead,
  previewAutomation,
} from './runs.service.ts';

/** /api/admin/automations: the dry run and a rule's run history (beside automationsRouter). */
export function automationRunsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();
  router.post('/preview', validate({ body: automationPreviewSchema }), async (req, res) => {
    res.json(await previewAutomation(db, req.body, now()));
  });
  router.get('/:id/runs', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await listRunsOfAutomation(db, req.params.id));
  });
  return router;
}

/**
 * /api/admin/leads/:id/runs and /outbox: what automations did to one lead (the lead's whole
 * conversation, these messages included, is the conversations feature's /messages).
 */
export function leadAutomationRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get('/:id/runs', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await listRunsOfLead(db, req.params.id));
  });
  router.get('/:id/outbox', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await listMessagesOfLead(db, req.params.id));
  });
  return router;
}

/** /api/admin/outbox: messages not sent (no transport), failed, or still being retried. */
export function outboxRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get('/', validate({ query: outboxQuerySchema }), async (req, res) => {
    res.json(await listOutbox(db, req.query));
  });
  return router;
}
