// /api/admin/unmatched-emails: the e-mail the mailbox held (unmatched-emails.service.ts). Every
// signed-in role: sales work the replies of every lead (docs/decisions.md, "Team").
import { unmatchedEmailAttachSchema, unmatchedEmailQuerySchema } from '@shine/shared/conversations';
import { idParamsSchema } from '@shine/shared/leads';
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { validate } from '../http/validate.ts';
import { attachUnmatchedEmail, dismissUnmatchedEmail, listUnmatchedEmails } from './unmatched-emails.service.ts';

export function unmatchedEmailsRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();
  router.get('/', validate({ query: unmatchedEmailQuerySchema }), async (req, res) => {
    res.json(await listUnmatchedEmails(db, req.query));
  });
  router.post(
    '/:id/attach',
    validate({ params: idParamsSchema, body: unmatchedEmailAttachSchema }),
    async (req, res) => {
      const user = sessionUser(req);
      res.json(await attachUnmatchedEmail(db, req.params.id, req.body.leadId, { id: user.id, name: user.name }, now()));
    },
  );
  router.post('/:id/dismiss', validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await dismissUnmatchedEmail(db, req.params.id, { id: sessionUser(req).id }, now()));
  });
  return router;
}
