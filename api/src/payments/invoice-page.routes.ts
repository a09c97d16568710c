// /i/{token}: the customer's invoice (the pay link in the invoice e-mail). Unknown links are 404.
// Never cached, never indexed, no referrer; the quote links' rate limit per client address.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { linkPageHeaders, sendHtml } from '../http/link-page.ts';
import { quoteLinkRateLimit } from '../http/rate-limits.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { renderInvoicePage, renderUnknownInvoicePage } from './invoice-page.ts';
import { findInvoiceOfToken } from './payments.service.ts';

export function invoicePageRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();
  router.use(linkPageHeaders);
  router.use(
    quoteLinkRateLimit(db, config.rateLimitQuoteLinksPerMinute, (res) =>
      sendHtml(res, 429, renderUnknownInvoicePage()),
    ),
  );
  router.get('/:token', async (req, res) => {
    const invoice = await findInvoiceOfToken(db, req.params.token, now());
    if (!invoice) {
      sendHtml(res, 404, renderUnknownInvoicePage());
      return;
    }
    const company = await getCompanyDetails(db);
    sendHtml(res, 200, renderInvoicePage(invoice, { timeZone: config.businessTimeZone, company }));
  });
  return router;
}
