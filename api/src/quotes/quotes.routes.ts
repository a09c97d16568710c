// Staff's quote calls: /api/admin/leads/{id}/quotes and /api/admin/quotes/{id}/…
import { quoteOperations } from '@shine/shared/operations/quotes';
import type { Router } from 'express';
import type { AppDeps, LeadEmailDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { operationRouter } from '../http/route.ts';
import { getCompanyDetails } from '../settings/company-details.service.ts';
import { unsubscribeUrlOf } from '../unsubscribe/unsubscribe.service.ts';
import { emailQuote, quoteEmail, type SendEmail } from './quote-email.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { sendPdf } from './quote-pdf-response.ts';
import { quoteUrlOf } from './quote-tokens.ts';
import {
  createQuoteDraft,
  listQuotesOfLead,
  quotePdfOf,
  sendQuote,
  updateQuoteDraft,
  validUntilText,
  withdrawQuote,
} from './quotes.service.ts';

export interface QuotesDeps extends Pick<AppDeps, 'db' | 'config' | 'logger' | 'now'>, LeadEmailDeps {
  /** undefined: no SMTP; staff copy the link. */
  sendEmail: SendEmail | undefined;
}

/** The thread's reason when the mail server did not take the quote (its answer is logged, not shown). */
const QUOTE_EMAIL_FAILED = 'failed: the mail server did not accept the e-mail';

/** /api/admin/leads/{id}/quotes */
export function leadQuotesRouter({ db, config, now }: QuotesDeps): Router {
  const { router, route } = operationRouter('/api/admin/leads');
  const defaults = { taxRateBasisPoints: config.quoteTaxRateBasisPoints };

  route(quoteOperations.listLeadQuotes, async (req, res) => {
    res.json({ items: await listQuotesOfLead(db, req.params.id, now()) });
  });

  route(quoteOperations.createQuote, async (req, res) => {
    res.status(201).json(await createQuoteDraft(db, sessionUser(req).id, req.params.id, req.body, defaults, now()));
  });

  return router;
}

/** /api/admin/quotes/{id}/… */
export function quotesRouter({
  db,
  config,
  logger,
  now,
  sendEmail,
  replyAddressOf,
  sentEmailIdOf,
  recordEmail,
}: QuotesDeps): Router {
  const { router, route } = operationRouter('/api/admin/quotes');
  const timeZone = config.businessTimeZone;

  route(quoteOperations.updateQuote, async (req, res) => {
    res.json(await updateQuoteDraft(db, req.params.id, req.body, now()));
  });

  route(quoteOperations.sendQuote, async (req, res) => {
    const user = sessionUser(req);
    const sent = await sendQuote(db, user.id, req.params.id, now(), timeZone);
    const origin = linkOriginOf(config);
    const url = quoteUrlOf(origin, sent.token);
    const validUntil = validUntilText(new Date(sent.quote.validUntil ?? now()), timeZone);
    let emailed = false;
    if (req.body.email && sendEmail) {
      const pdf = await renderQuotePdf(sent.quote, `${sent.lead.firstName} ${sent.lead.lastName}`, timeZone);
      const replyTo = await replyAddressOf(sent.lead.id);
      const email = await quoteEmail({
        to: sent.lead,
        quote: sent.quote,
        url,
        validUntil,
        pdf,
        company: await getCompanyDetails(db),
        unsubscribeUrl: await unsubscribeUrlOf(db, origin, sent.lead.id),
        ...(replyTo ? { replyTo } : {}),
      });
      const settle = await recordEmail({
        leadId: sent.lead.id,
        to: email.to,
        subject: email.subject,
        body: email.body,
        attachments: email.attachments.map((file) => file.filename),
        sentBy: { id: user.id, username: user.username },
        at: now(),
      });
      emailed = await emailQuote(sendEmail, logger, { ...email, id: await sentEmailIdOf(sent.lead.id) });
      await settle(emailed ? { sent: true } : { sent: false, reason: QUOTE_EMAIL_FAILED });
    }
    res.json({ quote: sent.quote, url, emailed });
  });

  route(quoteOperations.withdrawQuote, async (req, res) => {
    res.json(await withdrawQuote(db, sessionUser(req), req.params.id, now()));
  });

  route(quoteOperations.getQuotePdf, async (req, res) => {
    const { pdf, version } = await quotePdfOf(db, req.params.id, now(), timeZone);
    sendPdf(res, pdf, version);
  });

  return router;
}
