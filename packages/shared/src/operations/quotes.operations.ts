// Quotes customers accept online: staff's drafts, versions, sending and PDF (any signed-in
// role: quotes are sales work), and the customer's answers by the link's token (public). The
// customer's page itself, GET /q/{token} (HTML, its PDF and its form posts), lives outside /api.
import { idParamsSchema } from '../leads.ts';
import {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDeclineSchema,
  quoteSendSchema,
  quoteTokenParamsSchema,
  quoteUpdateSchema,
} from '../quotes.ts';
import { quoteAnswerSchema, quoteListSchema, quoteSchema, quoteSentSchema } from '../responses/quotes.ts';
import type { z } from 'zod';
import { binary, error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const MONEY =
  'Money is a decimal string with at most two decimals ("279.50"), never a floating-point number; totals are computed by the server in whole cents (discounts in a fixed order, each capped at what is left; tax rounded half up).';
const LINK_LIMIT = 'requests to quote links per client address per minute (RATE_LIMIT_QUOTE_LINKS_PER_MINUTE).';

const customerAnswer = <B extends z.ZodType>(action: 'accept' | 'decline', body: B) =>
  operation({
    method: 'post',
    path: `/api/quotes/:token/${action}`,
    tag: 'Quotes',
    summary:
      action === 'accept'
        ? 'Accept a quote (the customer, by its link)'
        : 'Decline a quote (the customer, by its link)',
    description:
      action === 'accept'
        ? 'The typed full name is the signature. The lead becomes Won with the accepted total as its value, on its timeline. Accepting again answers the same and changes nothing; a declined quote answers 409.'
        : 'The lead goes to Negotiating with the reason on its timeline. Declining again answers the same and changes nothing; an accepted quote answers 409.',
    access: 'public',
    params: quoteTokenParamsSchema,
    body,
    rateLimit: LINK_LIMIT,
    answers: {
      200: json(quoteAnswerSchema, 'The answer recorded (or the same answer, already given).'),
      404: error('No quote has this link.'),
      409: error('The quote was already answered the other way.'),
      410: error('The quote expired, was replaced by a newer version or withdrawn, or the lead was closed as Lost.'),
    },
  });

export const quoteOperations = {
  listLeadQuotes: operation({
    method: 'get',
    path: '/api/admin/leads/:id/quotes',
    tag: 'Quotes',
    summary: 'The versions of a lead’s quote, newest first',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(quoteListSchema, 'Every version, newest first.') },
  }),
  createQuote: operation({
    method: 'post',
    path: '/api/admin/leads/:id/quotes',
    tag: 'Quotes',
    summary: 'Start the next version of a lead’s quote, as a draft',
    description: `With an empty body the first version starts from the lead's instant estimate (the price table's list price, the recurring discount, WELCOME40); a later version starts from the newest one. Draft fields in the body change it at once. ${MONEY}`,
    access: session,
    params: idParamsSchema,
    body: quoteCreateSchema,
    answers: {
      201: json(quoteSchema, 'The new draft.'),
      409: error('The lead already has a draft: edit it or send it first.'),
    },
  }),
  updateQuote: operation({
    method: 'patch',
    path: '/api/admin/quotes/:id',
    tag: 'Quotes',
    summary: 'Edit a draft quote',
    description: `Each key replaces that part of the draft (addOns is the whole list; an add-on without unitPrice takes the price table's). ${MONEY}`,
    access: session,
    params: idParamsSchema,
    body: quoteUpdateSchema,
    answers: {
      200: json(quoteSchema, 'The draft, repriced.'),
      409: error('The quote was sent and is frozen: create a new version.'),
    },
  }),
  sendQuote: operation({
    method: 'post',
    path: '/api/admin/quotes/:id/send',
    tag: 'Quotes',
    summary: 'Send a quote: the customer’s link, by e-mail and to copy',
    description:
      'A draft is frozen, valid for its validDays from now, with a new link (256 random bits; only its hash is stored); the lead’s older sent, unanswered versions are superseded, the lead goes to Quoted (audited, on the timeline). A sent quote nobody answered gets a new link and the old one stops working. The link is e-mailed to the lead unless `email` is false, just after this answer (the e-mail never holds it); `emailed` says it is on its way (SMTP configured, the lead has an address), and the lead’s conversation shows whether the mail server took it.',
    access: session,
    params: idParamsSchema,
    body: quoteSendSchema,
    answers: {
      200: json(quoteSentSchema, 'Sent: the quote, its link and whether it was e-mailed.'),
      409: error('The quote was answered, replaced or expired: create a new version.'),
    },
  }),
  withdrawQuote: operation({
    method: 'post',
    path: '/api/admin/quotes/:id/withdraw',
    tag: 'Quotes',
    summary: 'Withdraw a sent or accepted quote',
    description:
      'Only an admin or the lead’s assignee (403 otherwise). The customer’s link then says the quote was withdrawn, with the company’s phone number, and books, changes or answers nothing (410). A booking already made stays until staff cancel it (DELETE /api/admin/bookings/{id}). Audited and on the lead’s timeline.',
    access: session,
    params: idParamsSchema,
    answers: {
      200: json(quoteSchema, 'Withdrawn: the quote, its status `withdrawn`.'),
      403: error('Only an admin or the lead’s assignee can withdraw its quote.'),
      409: error('The quote is a draft, declined, replaced or already withdrawn.'),
    },
  }),
  getQuotePdf: operation({
    method: 'get',
    path: '/api/admin/quotes/:id/pdf',
    tag: 'Quotes',
    summary: 'A quote as a PDF',
    access: session,
    params: idParamsSchema,
    answers: { 200: binary('application/pdf', 'The quote as the customer sees it (text, selectable).') },
  }),
  acceptQuote: customerAnswer('accept', quoteAcceptSchema),
  declineQuote: customerAnswer('decline', quoteDeclineSchema),
} satisfies Record<string, Operation>;
