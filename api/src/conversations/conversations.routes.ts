// A lead's conversation for staff: /api/admin/leads/{id}/messages (the thread, a message sent by hand,
// read marks) and /api/admin/inbox. Every signed-in role (docs/decisions.md, "Team": sales work every lead).
import { manualMessageSchema } from '@shine/shared/conversations';
import { idParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { listInbox, markLeadMessagesRead } from './inbox.ts';
import { listLeadMessages } from './lead-messages.ts';
import { ManualBudgetSpentError, type ManualMessageDeps, sendManualMessage } from './manual-message.ts';

export type ConversationsDeps = Pick<AppDeps, 'db' | 'now'> &
  Omit<ManualMessageDeps, 'db' | 'businessTimeZone'> & {
    config: Pick<AppDeps['config'], 'businessTimeZone'>;
  };

/** Mounted at /api/admin/leads. */
export function leadConversationRouter(deps: ConversationsDeps): Router {
  const { db, now } = deps;
  const router = Router();
  router.get('/:id/messages', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await listLeadMessages(db, req.params.id));
  });
  router.post('/:id/messages', validate({ params: idParamsSchema, body: manualMessageSchema }), async (req, res) => {
    const user = sessionUser(req);
    const sent = await sendManualMessage(
      { ...deps, businessTimeZone: deps.config.businessTimeZone },
      { id: user.id, name: user.name, username: user.username },
      req.params.id,
      req.body,
      now(),
    ).catch((error: unknown) => {
      if (error instanceof ManualBudgetSpentError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    res.status(201).json(sent);
  });
  router.post('/:id/messages/read', validate({ params: idParamsSchema }), async (req, res) => {
    await markLeadMessagesRead(db, sessionUser(req).id, req.params.id);
    res.status(204).end();
  });
  return router;
}

/** Mounted at /api/admin/inbox. */
export function inboxRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await listInbox(db, sessionUser(req).id));
  });
  return router;
}
