// /api/admin/unmatched-emails: the e-mail the mailbox held (unmatched-emails.service.ts). Every
// signed-in role: sales work the replies of every lead (docs/decisions.md, "Team").
import { conversationOperations } from '@shine/shared/operations/conversations';
import { operationRouter } from '../http/route.ts';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { attachUnmatchedEmail, dismissUnmatchedEmail, listUnmatchedEmails } from './unmatched-emails.service.ts';

export function unmatchedEmailsRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/admin/unmatched-emails');
  route(conversationOperations.listUnmatchedEmails, async (req, res) => {
    res.json(await listUnmatchedEmails(db, req.query));
  });
  route(conversationOperations.attachUnmatchedEmail, async (req, res) => {
    const user = sessionUser(req);
    res.json(
      await attachUnmatchedEmail(
        db,
        req.params.id,
        req.body.leadId,
        { id: user.id, name: user.name },
        now(),
        config.businessTimeZone,
      ),
    );
  });
  route(conversationOperations.dismissUnmatchedEmail, async (req, res) => {
    res.json(await dismissUnmatchedEmail(db, req.params.id, { id: sessionUser(req).id }, now()));
  });
  return router;
}
