// A lead's conversation for staff: /api/admin/leads/{id}/messages (the thread, a message sent by hand,
// read marks) and /api/admin/inbox. Every signed-in role (docs/decisions.md, "Team": sales work every lead).
import { conversationOperations } from '@shine/shared/operations/conversations';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
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
  const { router, route } = operationRouter('/api/admin/leads');
  route(conversationOperations.listLeadMessages, async (req, res) => {
    res.json(await listLeadMessages(db, req.params.id));
  });
  route(conversationOperations.sendLeadMessage, async (req, res) => {
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
  route(conversationOperations.markLeadMessagesRead, async (req, res) => {
    await markLeadMessagesRead(db, sessionUser(req).id, req.params.id);
    res.status(204).end();
  });
  return router;
}

/** Mounted at /api/admin/inbox. */
export function inboxRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/inbox');
  route(conversationOperations.getInbox, async (req, res) => {
    res.json(await listInbox(db, sessionUser(req).id));
  });
  return router;
}
