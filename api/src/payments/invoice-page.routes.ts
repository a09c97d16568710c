// /i/{token}: the customer's invoice (the pay link in the invoice e-mail). Unknown links are 404. With
// STRIPE_SECRET_KEY it offers "Pay by card" through Stripe's Checkout in payment mode.
// Never cached, never indexed, no referrer; the quote links' rate limit per client address.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { linkPageHeaders, sendHtml } from '../http/link-page.ts';
import { quoteLinkRateLimit } from '../http/rate-limits.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { renderInvoicePage, renderUnknownInvoicePage } from './invoice-page.ts';
import { findInvoiceOfToken } from './payments.service.ts';
import { recordSucceededIntent } from './card-charges.service.ts';
import { createStripeClient } from './stripe-client.ts';
import { linkOriginOf } from '../http/public-origin.ts';
import { parseMoneyToCents } from '@shine/shared/quote-pricing';

export function invoicePageRouter({ db, config, now }: Pick<AppDeps, 'db' | 'config' | 'now'>): Router {
  const router = Router();
  const stripe = createStripeClient(config);
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
    sendHtml(
      res,
      200,
      renderInvoicePage(invoice, {
        timeZone: config.businessTimeZone,
        company,
        ...(stripe ? { cardToken: req.params.token } : {}),
      }),
    );
  });
  if (!stripe) return router;
  // Pay by card: Stripe's Checkout in payment mode for the balance, and the way back from it.
  router.post('/:token/pay', async (req, res) => {
    const invoice = await findInvoiceOfToken(db, req.params.token, now());
    if (!invoice) return sendHtml(res, 404, renderUnknownInvoicePage());
    const balance = parseMoneyToCents(invoice.balance) ?? 0;
    const page = `${linkOriginOf(config)}/i/${encodeURIComponent(req.params.token)}`;
    if (balance <= 0 || invoice.status === 'void' || invoice.status === 'paid') return res.redirect(303, page);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: balance, product_data: { name: `Invoice ${invoice.number}` } },
        },
      ],
      payment_intent_data: { metadata: { invoice_id: invoice.id } },
      metadata: { invoice_id: invoice.id },
      success_url: `${page}/paid?session={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
    });
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
    res.redirect(303, session.url);
  });
  router.get('/:token/paid', async (req, res) => {
    const invoice = await findInvoiceOfToken(db, req.params.token, now());
    if (!invoice) return sendHtml(res, 404, renderUnknownInvoicePage());
    const id = typeof req.query.session === 'string' ? req.query.session : '';
    if (/^cs_\w{1,200}$/.test(id)) {
      const session = await stripe.checkout.sessions.retrieve(id);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (session.metadata?.invoice_id === invoice.id && intent) await recordSucceededIntent(db, stripe, intent, now());
    }
    res.redirect(303, `/i/${encodeURIComponent(req.params.token)}`);
  });
  return router;
}
