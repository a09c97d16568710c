// The customer's own account (docs/decisions.md, "The customer's account"): a sign-in link by e-mail,
// then, with the account's own session cookie, their visits, invoices and preferences.
import {
  ACCOUNT_LINK_MINUTES,
  accountCleaningRequestSchema,
  accountMessageAnswerSchema,
  accountMessageSchema,
  accountPreferencesSchema,
  accountSchema,
  accountSignInLinkSchema,
  accountVisitParamsSchema,
  accountVisitUpdateSchema,
} from '../account.ts';
import { empty, error, json, operation, type Operation } from './operation.ts';

const account = 'account' as const;
const TAG = 'Customer account';

export const accountOperations = {
  requestAccountLink: operation({
    method: 'post',
    path: '/api/account/sign-in-link',
    tag: TAG,
    summary: 'E-mail a sign-in link to a customer',
    description: `Answers 202 with the same message whether or not the address belongs to a customer; only a customer's address is sent the link (branded HTML and text, from the queue). The link (/account/sign-in/{token}) works once, for ${ACCOUNT_LINK_MINUTES} minutes; the database keeps only its SHA-256.`,
    access: 'public',
    body: accountSignInLinkSchema,
    rateLimit: 'sign-in links per e-mail address and per client address (15-minute window).',
    answers: { 202: json(accountMessageAnswerSchema, 'Taken: a link is on its way if the address is a customer’s.') },
  }),
  getAccount: operation({
    method: 'get',
    path: '/api/account',
    tag: TAG,
    summary: 'The signed-in customer, their visits, invoices and preferences',
    description:
      'The customer is every lead sharing the signed-in e-mail address (any case). Visits: upcoming first, then past ones (newest first). A visit can be changed by the customer while it is scheduled and 24 hours or more ahead.',
    access: account,
    answers: { 200: json(accountSchema, 'The account.') },
  }),
  changeAccountVisit: operation({
    method: 'patch',
    path: '/api/account/visits/:id',
    tag: TAG,
    summary: 'Move one visit to a free window, skip it, or cancel the series from it',
    description:
      '`{ start }` moves that one visit to a free arrival window; `{ status: "skipped" }` skips it (the rest of the series unchanged); `{ status: "cancelled" }` cancels the booking from that visit on. Inside 24 hours of the visit: 409 with the policy and the phone number. Another customer’s visit: 404. The customer and the lead’s assignee are told as for the quote link’s changes.',
    access: account,
    params: accountVisitParamsSchema,
    body: accountVisitUpdateSchema,
    rateLimit:
      'changes per signed-in session per hour and per day, as by a quote link (a refused change does not count).',
    answers: {
      200: json(accountSchema, 'Changed: the account as it is now.'),
      409: error('Inside 24 hours (the policy, with the phone number), not a free window, or not a visit to come.'),
    },
  }),
  setAccountPreferences: operation({
    method: 'put',
    path: '/api/account/preferences',
    tag: TAG,
    summary: 'Texts and e-mail reminders on or off',
    description:
      'Texts off records an opt-out of the phone number as a STOP does; on records the customer’s consent (and clears an opt-out, as START does). E-mail off unsubscribes every lead of the address from automated e-mail (reminders included); on clears that.',
    access: account,
    body: accountPreferencesSchema,
    answers: { 200: json(accountPreferencesSchema, 'Saved.') },
  }),
  sendAccountMessage: operation({
    method: 'post',
    path: '/api/account/messages',
    tag: TAG,
    summary: 'Send the company a message',
    description: 'Filed on the newest lead’s conversation as an inbound message; its assignee is notified.',
    access: account,
    body: accountMessageSchema,
    answers: { 201: json(accountMessageAnswerSchema, 'Filed.') },
  }),
  requestAnotherCleaning: operation({
    method: 'post',
    path: '/api/account/requests',
    tag: TAG,
    summary: 'Book another cleaning',
    description:
      'A quote request on the customer’s own details (their newest lead’s name, address, phone and ZIP), taken in as the quote form’s: kept on their open lead as a repeat request, or a new lead linked to a closed one.',
    access: account,
    body: accountCleaningRequestSchema,
    answers: { 201: json(accountMessageAnswerSchema, 'Taken in.') },
  }),
  signOutOfAccount: operation({
    method: 'post',
    path: '/api/account/sign-out',
    tag: TAG,
    summary: 'Sign the customer out',
    access: 'public',
    answers: { 204: empty('Signed out; the account cookie is cleared.') },
  }),
} satisfies Record<string, Operation>;
