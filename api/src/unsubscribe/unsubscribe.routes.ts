// /u/{token}: the unsubscribe link of automated e-mail. GET shows what it does and a button; POST
// unsubscribes at once and says so. The POST is also RFC 8058's one-click unsubscribe, which the
// recipient's mail provider sends from its own servers (List-Unsubscribe-Post): no cookie, no Origin,
// a body of "List-Unsubscribe=One-Click" that we need not read. So, deliberately, no origin check
// here (app.ts mounts it outside /api/admin, whose check would refuse such a post): the signed token
// is the only authority, and a forged cross-site post could do no more than the link's holder may.
// Never cached, never indexed, no referrer. Not rate-limited per address like the quote links: one
// provider's servers post the one-click unsubscribes of all its users, and a 128-bit signature is not
// guessed at any rate.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { linkPageHeaders, sendHtml } from '../http/link-page.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { renderUnknownUnsubscribeLink, renderUnsubscribeConfirmation, renderUnsubscribed } from './unsubscribe-page.ts';
import { isUnsubscribeTokenValid, unsubscribeByToken } from './unsubscribe.service.ts';

export function unsubscribeRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();
  router.use(linkPageHeaders);

  router.get('/:token', async (req, res) => {
    if (!(await isUnsubscribeTokenValid(db, req.params.token)))
      return sendHtml(res, 404, renderUnknownUnsubscribeLink());
    const { name } = await getCompanyDetails(db);
    sendHtml(res, 200, renderUnsubscribeConfirmation(name, `/u/${encodeURIComponent(req.params.token)}`));
  });

  router.post('/:token', async (req, res) => {
    if (!(await unsubscribeByToken(db, req.params.token, now())))
      return sendHtml(res, 404, renderUnknownUnsubscribeLink());
    const { name } = await getCompanyDetails(db);
    sendHtml(res, 200, renderUnsubscribed(name));
  });

  return router;
}
