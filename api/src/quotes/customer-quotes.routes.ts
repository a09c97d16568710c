// The customer's calls, reached by the link's token: the JSON answers under /api/quotes (for API
// clients), and the quote page under /q with its PDF and its plain-HTML forms (quote-page.routes.ts).
import { quoteOperations } from '@shine/shared/operations/quotes';
import { operationRouter } from '../http/route.ts';
import type { Request, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { noStore } from '../http/cache-control.ts';
import { acceptCustomerQuote, declineCustomerQuote, type QuoteClient } from './customer-quotes.service.ts';

const USER_AGENT_MAX = 500;

/** Who answered, kept with the event like a quote request's client (never logged). */
export function clientOf(req: Request): QuoteClient {
  return { userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null, clientIp: req.ip ?? null };
}

/** /api/quotes/{token}/accept and /decline (app.ts puts the rate limit and the JSON body in front). */
export function customerQuotesRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const { router, route } = operationRouter('/api/quotes');
  router.use(noStore);

  route(quoteOperations.acceptQuote, async (req, res) => {
    res.json(await acceptCustomerQuote(db, req.params.token, req.body, clientOf(req), now(), config.businessTimeZone));
  });

  route(quoteOperations.declineQuote, async (req, res) => {
    res.json(await declineCustomerQuote(db, req.params.token, req.body, clientOf(req), now(), config.businessTimeZone));
  });

  return router;
}
