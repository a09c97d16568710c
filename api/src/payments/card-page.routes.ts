// The quote page's card-on-file section (/q/{token}, once the cleaning is booked) and its form posts:
// "Save a card for automatic payment after each cleaning" with the terms the customer agrees to, a
// post that sends them to Stripe's own page (Checkout in setup mode: the card number is typed there,
// never here), the way back that records the card, and the card's removal. Plain HTML forms: no
// script. Without STRIPE_SECRET_KEY app.ts wires none of it and the page says nothing of cards.
import { cardTermsOf, PAYMENT_MESSAGES } from '@shine/shared/payments';
import { formatAmount, formatCents } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import escapeHtml from 'escape-html';
import { type Request, type Response, Router } from 'express';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { sendHtml } from '../http/link-page.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { findLead } from '../leads/index.ts';
import {
  closedKindOf,
  findCustomerQuote,
  renderAcceptedQuotePage,
  renderClosedQuotePage,
  spentLinkError,
  toQuote,
  type QuotePageBooking,
  type QuotePageCard,
} from '../quotes/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { chargeOpenBalanceNow } from './card-charges.service.ts';
import { getPaymentSettingsValue } from './payment-settings.service.ts';
import { findSavedCard, recordCardOfSession, removeSavedCard, startCardSetup } from './saved-cards.service.ts';

const e = (value: string | number) => escapeHtml(String(value));

/** The terms for this quote: its per-visit price and frequency, the cancellation fee in force. */
async function termsOf(db: AppDeps['db'], quote: Quote): Promise<string> {
  const [company, settings] = await Promise.all([getCompanyDetails(db), getPaymentSettingsValue(db)]);
  return cardTermsOf({
    company: company.name,
    perVisit: formatAmount(quote.recurring?.perVisitTotal ?? quote.total),
    frequency: quote.cleaning.frequency,
    cancellationFee:
      settings.cancellationFeeCents === null ? null : formatAmount(formatCents(settings.cancellationFeeCents)),
  });
}

export function quotePageCard(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  stripe: Stripe,
  booking: QuotePageBooking,
): QuotePageCard {
  const { db, config, now } = deps;
  const pageUrl = (token: string) => `${linkOriginOf(config)}/q/${encodeURIComponent(token)}`;

  async function section(token: string, quote: Quote, notice?: string): Promise<string> {
    const card = await findSavedCard(db, quote.leadId);
    const alert = notice ? `<div class="banner banner--error" role="alert"><p>${e(notice)}</p></div>` : '';
    if (card) {
      return `<section aria-labelledby="card-title">
<h2 id="card-title">Automatic payment</h2>${alert}
<p>Card on file: <strong>${e(card.label)}</strong>. It is charged after each completed cleaning, and you get a receipt by e-mail each time.</p>
<form method="post" action="/q/${e(token)}/card/remove"><button class="btn btn--secondary" type="submit">Remove this card</button></form>
</section>`;
    }
    return `<section aria-labelledby="card-title">
<h2 id="card-title">Save a card for automatic payment after each cleaning</h2>${alert}
<p>No need to be home with cash or a check: we charge the card after each completed cleaning and e-mail you a receipt. You type the card on our payment processor Stripe's secure page; we never see its number.</p>
<form method="post" action="/q/${e(token)}/card">
<p id="card-terms">${e(await termsOf(db, quote))}</p>
<label class="agree"><input type="checkbox" name="agree" value="yes" required aria-describedby="card-terms"> I agree to these terms</label>
<button class="btn btn--primary" type="submit">Save a card</button>
</form>
<p class="muted">Rather pay by cash or check? Nothing to do: pay the crew on the day or by mail.</p>
</section>`;
  }

  /** The accepted quote of a link that is still open, or the closed page sent. */
  async function acceptedQuote(req: Request<{ token: string }>, res: Response): Promise<Quote | undefined> {
    try {
      const found = await findCustomerQuote(db, req.params.token);
      const spent = spentLinkError(found.row, found.lead.status, now());
      if (spent) throw spent;
      const quote = toQuote(found.row, now());
      if (quote.status !== 'accepted') throw new AppError(409, PAYMENT_MESSAGES.cardNotAccepted);
      return quote;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) {
        res.redirect(303, `/q/${encodeURIComponent(req.params.token)}`);
        return undefined;
      }
      if (error instanceof AppError) {
        sendHtml(res, error.status, renderClosedQuotePage(error.message, closedKindOf(error)));
        return undefined;
      }
      throw error;
    }
  }

  async function pageWith(res: Response, status: number, token: string, notice: string) {
    const html = await renderAcceptedQuotePage(
      db,
      token,
      config.businessTimeZone,
      now(),
      (quote) => booking.section(token, quote),
      (quote) => section(token, quote, notice),
    );
    sendHtml(res, status, html);
  }

  const routes = Router();
  routes.post('/:token/card', async (req: Request<{ token: string }>, res) => {
    const quote = await acceptedQuote(req, res);
    if (!quote) return;
    const { token } = req.params;
    const body = (req.body as Record<string, unknown> | undefined) ?? {};
    if (body.agree !== 'yes') {
      return pageWith(res, 400, token, PAYMENT_MESSAGES.cardTermsRequired);
    }
    const lead = await findLead(db, quote.leadId);
    const url = await startCardSetup(db, stripe, {
      lead: {
        id: quote.leadId,
        email: lead?.email ?? null,
        name: lead ? `${lead.firstName} ${lead.lastName}`.trim() : '',
      },
      terms: await termsOf(db, quote),
      clientIp: req.ip ?? null,
      successUrl: `${pageUrl(token)}/card/done?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: pageUrl(token),
      now: now(),
    });
    res.redirect(303, url);
  });
  // Back from Stripe's page: the card is recorded now if the webhook has not done it yet.
  routes.get('/:token/card/done', async (req: Request<{ token: string }>, res) => {
    const quote = await acceptedQuote(req, res);
    if (!quote) return;
    const session = typeof req.query.session === 'string' ? req.query.session : '';
    if (/^cs_\w{1,200}$/.test(session)) {
      const card = await recordCardOfSession(db, stripe, session, now());
      // A card saved after a decline: what is still owed is charged to it at once.
      if (card) await chargeOpenBalanceNow(db, stripe, quote.leadId, now(), config.businessTimeZone);
    }
    res.redirect(303, `/q/${encodeURIComponent(req.params.token)}`);
  });
  routes.post('/:token/card/remove', async (req: Request<{ token: string }>, res) => {
    const quote = await acceptedQuote(req, res);
    if (!quote) return;
    try {
      await removeSavedCard(db, stripe, quote.leadId, null, now());
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
    res.redirect(303, `/q/${encodeURIComponent(req.params.token)}`);
  });
  return { section, routes };
}
