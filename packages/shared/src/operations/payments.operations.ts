// Getting paid (docs/decisions.md, "Invoices and payments"): an invoice for every completed visit,
// cash and checks staff record against it, a check the bank returned, and the payment settings.
import { idParamsSchema } from '../leads.ts';
import {
  invoiceListQuerySchema,
  manualPaymentSchema,
  paymentSettingsSchema,
  paymentSettingsViewSchema,
  refundSchema,
} from '../payments.ts';
import {
  invoiceAnswerSchema,
  invoiceListSchema,
  paymentAnswerSchema,
  savedCardAnswerSchema,
  stripeEventReceiptSchema,
} from '../responses/payments.ts';
import { empty, error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const MONEY = 'Money is a decimal string with two places ("402.15").';
const STATUS =
  'An unpaid invoice is `open` for 7 days after its visit, then `past_due`; `paid` once its balance is zero; `void` when cancelled.';

export const paymentOperations = {
  listInvoices: operation({
    method: 'get',
    path: '/api/admin/invoices',
    tag: 'Payments',
    summary: 'Invoices, newest first, by status and lead',
    description: `${STATUS} ${MONEY} 25 a page.`,
    access: session,
    query: invoiceListQuerySchema,
    answers: { 200: json(invoiceListSchema, 'The page of invoices.') },
  }),
  getInvoice: operation({
    method: 'get',
    path: '/api/admin/invoices/:id',
    tag: 'Payments',
    summary: 'An invoice with its lines and payments',
    description: `subtotal is the price lines before any discount, discount the positive sum of the discounts, tax is on subtotal − discount, total = subtotal − discount + tax; fees (a returned check's $35) are untaxed and added to the balance. ${STATUS} ${MONEY}`,
    access: session,
    params: idParamsSchema,
    answers: { 200: json(invoiceAnswerSchema, 'The invoice.'), 404: error('No such invoice.') },
  }),
  recordInvoicePayment: operation({
    method: 'post',
    path: '/api/admin/invoices/:id/payments',
    tag: 'Payments',
    summary: 'Record cash or a check received for an invoice',
    description: `amount is more than zero and at most the balance; reference is the check's number. The customer is e-mailed a receipt just after the answer. ${MONEY}`,
    access: session,
    params: idParamsSchema,
    body: manualPaymentSchema,
    answers: {
      201: json(paymentAnswerSchema, 'Recorded.'),
      400: error('A bad method or amount, or an amount over the balance: nothing changed.'),
      404: error('No such invoice.'),
      409: error('The invoice is void.'),
    },
  }),
  returnPayment: operation({
    method: 'post',
    path: '/api/admin/payments/:id/return',
    tag: 'Payments',
    summary: 'A check the bank returned',
    description:
      'The check is marked returned, its amount is owed again and an untaxed $35 returned-check fee line is added; the invoice is open (or past due) again.',
    access: session,
    params: idParamsSchema,
    answers: {
      200: json(paymentAnswerSchema, 'The payment, returned.'),
      404: error('No such payment.'),
      409: error('Not a check recorded as received (already returned, or cash or card).'),
    },
  }),
  refundPayment: operation({
    method: 'post',
    path: '/api/admin/payments/:id/refund',
    tag: 'Payments',
    summary: 'Refund a card payment, in full or in part (admins)',
    description: `Without amount, all that is left of the payment is refunded; reason is required (at most 500 characters). The card is refunded through Stripe; the payment is then \`refunded\` or \`partially_refunded\`, the invoice keeps its status (the refund gives money back, it does not make it owed again) and the Dashboard counts money collected net of refunds. The same request sent twice at once refunds once. Audited. ${MONEY}`,
    access: session,
    role: 'admin',
    params: idParamsSchema,
    body: refundSchema,
    answers: {
      200: json(paymentAnswerSchema, 'The payment, refunded.'),
      400: error('A bad amount, an amount over what is left to refund, or no reason: nothing changed.'),
      404: error('No such payment.'),
      409: error(
        'Not a card payment that went through (cash, a check, or refunded already), or card payments are off.',
      ),
    },
  }),
  getPaymentSettings: operation({
    method: 'get',
    path: '/api/admin/settings/payments',
    tag: 'Settings',
    summary: 'Payment settings: the sales tax rate, the cancellation fee, card retry days, tips',
    description:
      'taxRatePercent is the rate a lead’s first quote starts at, and the rate of invoices whose booking has no accepted quote (a quote’s own rate is kept: the customer pays what they accepted); cancellationFee null is none.',
    access: session,
    role: 'admin',
    answers: { 200: json(paymentSettingsViewSchema, 'The settings (the defaults until saved).') },
  }),
  savePaymentSettings: operation({
    method: 'put',
    path: '/api/admin/settings/payments',
    tag: 'Settings',
    summary: 'Save the payment settings',
    description: 'Invoices already made keep their tax. Audited.',
    access: session,
    role: 'admin',
    body: paymentSettingsSchema,
    answers: { 200: json(paymentSettingsViewSchema, 'The settings now.') },
  }),
  getLeadCard: operation({
    method: 'get',
    path: '/api/admin/leads/:id/card',
    tag: 'Payments',
    summary: 'The card on file of a lead: brand, last four digits, expiry (never the number)',
    description:
      'The customer saved it on Stripe’s page (Checkout in setup mode) after agreeing to the terms, which are answered word for word with when they agreed. card is null when none is on file; a lead that does not exist has none.',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(savedCardAnswerSchema, 'The card, or null.') },
  }),
  removeLeadCard: operation({
    method: 'delete',
    path: '/api/admin/leads/:id/card',
    tag: 'Payments',
    summary: 'Remove the card on file of a lead',
    description: 'It is never charged again (and is detached at Stripe). Audited.',
    access: session,
    params: idParamsSchema,
    answers: { 204: empty('Removed.'), 404: error('No card is on file.') },
  }),
  receiveStripeEvent: operation({
    method: 'post',
    path: '/api/payments/stripe/webhook',
    tag: 'Webhooks',
    summary: 'An event from the card processor (Stripe), signed',
    description:
      'The raw body, signed in `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with STRIPE_WEBHOOK_SECRET>` (Stripe’s scheme; several v1 while a secret is rolled). A missing or wrong signature, or one more than 5 minutes from now, is refused and nothing changes. Each event id is taken once: the same event again answers 200 with `duplicate: true` and does nothing more. Event types the product does not act on are answered 200 too.',
    access: 'public',
    answers: {
      200: json(stripeEventReceiptSchema, 'Taken (or taken before).'),
      400: error('Missing, wrong or stale signature, or a body that is no event: nothing changed.'),
      404: error('Card payments are not set up (no STRIPE_WEBHOOK_SECRET).'),
    },
  }),
} satisfies Record<string, Operation>;
