// /q/{token}: the customer's quote page, its PDF, and the page's forms as plain HTML posts. A posted
// form answers 303 to the page (which then shows the answer; reloading never posts twice), or the
// page again with the problems beside their fields (400). Unknown links are 404; expired, replaced or
// withdrawn ones, and those of a lead closed as Lost, 410, each with a page that says so. Never cached, never indexed, no referrer.
import { quoteAcceptSchema, quoteDeclineSchema } from '@shine/shared/quotes';
import express, { type RequestHandler, type Response, Router } from 'express';
import type { Quote } from '@shine/shared/responses/quotes';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { linkPageHeaders, sendHtml } from '../http/link-page.ts';
import { AppError } from '../http/app-error.ts';
import { quoteLinkRateLimit } from '../http/rate-limits.ts';
import { clientOf } from './customer-quotes.routes.ts';
import {
  acceptCustomerQuote,
  type CustomerQuote,
  declineCustomerQuote,
  type QuoteClient,
  findCustomerQuote,
  openCustomerQuote,
  spentLinkError,
} from './customer-quotes.service.ts';
import { toQuote } from './quote-mapper.ts';
import {
  type BookingSection,
  closedKindOf,
  type FormState,
  renderClosedQuotePage,
  renderQuotePage,
} from './quote-page.ts';
import { sendPdfDownload } from '../http/pdf-download.ts';
import { quotePdfFilename } from './quote-email.ts';
import { renderQuotePdf } from './quote-pdf.ts';

/**
 * Booking the first cleaning of an accepted quote on its page: the scheduling feature's section of
 * the page and its form posts (app.ts wires it; quotes do not import scheduling).
 */
export interface QuotePageBooking {
  section: (token: string, quote: Quote) => Promise<BookingSection>;
  /** POST /q/{token}/booking…, behind the page's headers, rate limit and form parser. */
  routes: Router;
}

/**
 * The card-on-file section of a booked quote's page and its form posts: the payments feature's
 * (app.ts wires it; quotes do not import payments).
 */
export interface QuotePageCard {
  section: (token: string, quote: Quote, notice?: string) => Promise<string>;
  /** POST /q/{token}/card…, behind the page's headers, rate limit and form parser. */
  routes: Router;
}

/** The page's two forms are a few hundred bytes. */
const FORM_LIMIT = '8kb';

function sendClosed(res: Response, error: unknown): void {
  if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 410)) throw error;
  sendHtml(res, error.status, renderClosedQuotePage(error.message, closedKindOf(error)));
}

/** 410 for a spent link: past its time, replaced, withdrawn, or its lead closed as Lost. */
function closedError(found: CustomerQuote, now: Date): AppError | undefined {
  return spentLinkError(found.row, found.lead.status, now);
}

/**
 * The form's fields as the JSON call's body, empty answers left out. Only the fields the form has: a
 * page loaded before the preferred dates left it may still post date1… and window1…, which are
 * dropped (the booking step that follows asks for a real window).
 */
function acceptBodyOf(form: Record<string, string>) {
  return { name: form.name ?? '', ...(form.note?.trim() ? { note: form.note } : {}) };
}

/** A schema's issues under the form's field names. */
function formErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? 'name')] ??= issue.message;
  return errors;
}

const strings = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((body ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

export function quotePageRouter({
  db,
  config,
  now,
  booking,
  card,
}: Pick<AppDeps, 'db' | 'config' | 'now'> & { booking?: QuotePageBooking; card?: QuotePageCard }): Router {
  const router = Router();
  const timeZone = config.businessTimeZone;
  router.use(linkPageHeaders);
  router.use(
    quoteLinkRateLimit(db, config.rateLimitQuoteLinksPerMinute, (res, message) =>
      res.type('html').send(renderClosedQuotePage(message, 'unknown')),
    ),
  );
  router.use(express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));

  const renderOpen = async (res: Response, status: number, token: string, found: CustomerQuote, form?: FormState) => {
    const quote = toQuote(found.row, now());
    const section = booking && quote.status === 'accepted' ? await booking.section(token, quote) : undefined;
    const cardSection = card && section?.booked && !section.done ? await card.section(token, quote) : undefined;
    sendHtml(
      res,
      status,
      renderQuotePage({
        token,
        quote,
        firstName: found.lead.firstName,
        timeZone,
        form,
        booking: section,
        ...(cardSection ? { card: cardSection } : {}),
      }),
    );
  };
  if (booking) router.use(booking.routes);
  if (card) router.use(card.routes);

  router.get('/:token', async (req, res) => {
    try {
      const found = await openCustomerQuote(db, req.params.token, clientOf(req), now(), config.businessTimeZone);
      const closed = closedError(found, now());
      if (closed) return sendClosed(res, closed);
      await renderOpen(res, 200, req.params.token, found);
    } catch (error) {
      sendClosed(res, error);
    }
  });

  router.get('/:token/pdf', async (req, res) => {
    try {
      const found = await findCustomerQuote(db, req.params.token);
      const closed = closedError(found, now());
      if (closed) return sendClosed(res, closed);
      const quote = toQuote(found.row, now());
      sendPdfDownload(
        res,
        await renderQuotePdf(quote, `${found.lead.firstName} ${found.lead.lastName}`, timeZone),
        quotePdfFilename(quote.version),
      );
    } catch (error) {
      sendClosed(res, error);
    }
  });

  /** Answers a posted form: 303 back to the page when the answer is recorded or was already given. */
  const answer =
    <S extends z.ZodType>(
      schema: S,
      bodyOf: (form: Record<string, string>) => unknown,
      record: (token: string, body: z.output<S>, client: QuoteClient) => Promise<unknown>,
    ): RequestHandler<{ token: string }> =>
    async (req, res) => {
      const { token } = req.params;
      const form = strings(req.body);
      try {
        const found = await findCustomerQuote(db, token);
        const parsed = schema.safeParse(bodyOf(form));
        if (!parsed.success) {
          const closed = closedError(found, now());
          if (closed) return sendClosed(res, closed);
          return renderOpen(res, 400, token, found, { values: form, errors: formErrorsOf(parsed.error) });
        }
        await record(token, parsed.data, clientOf(req));
        res.redirect(303, `/q/${encodeURIComponent(token)}`);
      } catch (error) {
        // Accepting a declined quote (or the reverse): the page shows the answer already given.
        if (error instanceof AppError && error.status === 409)
          return res.redirect(303, `/q/${encodeURIComponent(token)}`);
        sendClosed(res, error);
      }
    };

  router.post(
    '/:token/accept',
    answer(quoteAcceptSchema, acceptBodyOf, (token, body, client) =>
      acceptCustomerQuote(db, token, body, client, now(), config.businessTimeZone),
    ),
  );
  router.post(
    '/:token/decline',
    answer(
      quoteDeclineSchema,
      (form) => (form.reason?.trim() ? { reason: form.reason } : {}),
      (token, body, client) => declineCustomerQuote(db, token, body, client, now(), config.businessTimeZone),
    ),
  );
  return router;
}
