// The customer's calls, reached by the link's token: the JSON answers under /api/quotes (for API
// clients), and the quote page under /q with its PDF and its plain-HTML forms (quote-page.routes.ts).
import { quoteAcceptSchema, quoteDeclineSchema, quoteTokenParamsSchema } from '@shine/shared/quotes';
import type { QuoteAnswer } from '@shine/shared/responses/quotes';
import { type Request, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { noStore } from '../http/cache-control.ts';
import { validate } from '../http/validate.ts';
import { acceptCustomerQuote, declineCustomerQuote, type QuoteClient } from './customer-quotes.service.ts';

const USER_AGENT_MAX = 500;

/** Who answered, kept with the event like a quote request's client (never logged). */
export function clientOf(req: Request): QuoteClient {
  return { userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null, clientIp: req.ip ?? null };
}

/** /api/quotes/{token}/accept and /decline (app.ts puts the rate limit and the JSON body in front). */
export function customerQuotesRouter({ db, now }: Pick<AppDeps, 'db' | 'now'>): Router {
  const router = Router();
  router.use(noStore);

  router.post(
    '/:token/accept',
    validate({ params: quoteTokenParamsSchema, body: quoteAcceptSchema }),
    async (req, res) => {
      const body: QuoteAnswer = await acceptCustomerQuote(db, req.params.token, req.body, clientOf(req), now());
      res.json(body);
    },
  );

  router.post(
    '/:token/decline',
    validate({ params: quoteTokenParamsSchema, body: quoteDeclineSchema }),
    async (req, res) => {
      const body: QuoteAnswer = await declineCustomerQuote(db, req.params.token, req.body, clientOf(req), now());
      res.json(body);
    },
  );

  return router;
}
