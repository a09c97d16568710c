// Staff's quote calls: /api/admin/leads/{id}/quotes and /api/admin/quotes/{id}/…
import { quoteOperations } from '@shine/shared/operations/quotes';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { operationRouter } from '../http/route.ts';
import { sendPdfDownload } from '../http/pdf-download.ts';
import { quotePdfFilename } from './quote-email.ts';
import {
  createQuoteDraft,
  listQuotesOfLead,
  type QuoteDefaults,
  quotePdfOf,
  sendQuote,
  updateQuoteDraft,
  withdrawQuote,
} from './quotes.service.ts';

export type QuotesDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/**
 * /api/admin/leads/{id}/quotes. `defaults` reads the company's quote defaults when a draft is made (the
 * tax rate is the payments setting's: app.ts hands it in, as payments reads quotes and not the reverse).
 */
export function leadQuotesRouter({ db, now }: QuotesDeps, defaultsOf: () => Promise<QuoteDefaults>): Router {
  const { router, route } = operationRouter('/api/admin/leads');

  route(quoteOperations.listLeadQuotes, async (req, res) => {
    res.json({ items: await listQuotesOfLead(db, req.params.id, now()) });
  });

  route(quoteOperations.createQuote, async (req, res) => {
    // A lead's first quote is taxed at the payments setting's rate as it is now; a sent quote keeps its own.
    const defaults = await defaultsOf();
    res.status(201).json(await createQuoteDraft(db, sessionUser(req).id, req.params.id, req.body, defaults, now()));
  });

  return router;
}

/** /api/admin/quotes/{id}/… */
export function quotesRouter({ db, config, now }: QuotesDeps): Router {
  const { router, route } = operationRouter('/api/admin/quotes');
  const timeZone = config.businessTimeZone;
  // Without SMTP staff copy the link.
  const emailConfigured = Boolean(config.automations.smtpUrl);

  route(quoteOperations.updateQuote, async (req, res) => {
    res.json(await updateQuoteDraft(db, req.params.id, req.body, now()));
  });

  route(quoteOperations.sendQuote, async (req, res) => {
    const user = sessionUser(req);
    const origin = linkOriginOf(config);
    // The e-mail goes out from the committed send (the quote-email reaction): the answer does not wait
    // for the mail server, and a crash after the commit does not lose it.
    const email = Boolean(req.body.email && emailConfigured);
    res.json(await sendQuote(db, user.id, req.params.id, now(), timeZone, { origin, email }));
  });

  route(quoteOperations.withdrawQuote, async (req, res) => {
    res.json(await withdrawQuote(db, sessionUser(req), req.params.id, now()));
  });

  route(quoteOperations.getQuotePdf, async (req, res) => {
    const { pdf, version } = await quotePdfOf(db, req.params.id, now(), timeZone);
    sendPdfDownload(res, pdf, quotePdfFilename(version));
  });

  return router;
}
