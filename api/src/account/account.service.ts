// The customer's account (docs/decisions.md, "The customer's account"): the sign-in link asked for by
// an address (sent only to a customer's, the answer the same either way), its one use, and what the
// signed-in customer sees and changes. The customer is every lead sharing the address, any case.
import { randomUUID } from 'node:crypto';
import {
  type Account,
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_MESSAGES,
  type AccountCleaningRequest,
  type AccountVisit,
  type AccountVisitUpdate,
} from '@shine/shared/account';
import type { LeadMessages } from '@shine/shared/responses/conversations';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { listLeadMessages, recordInboundMessage } from '../conversations/index.ts';

import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import {
  type IntakeClock,
  receiveQuoteRequest,
  type RequestMeta,
  findLeadsOfEmail,
  optOutCustomerFromSms,
  recordSmsConsentOfCustomer,
  setEmailOfCustomer,
} from '../leads/index.ts';
import type Stripe from 'stripe';
import { findSavedCard, listInvoicesOfLeads, removeSavedCard } from '../payments/index.ts';
import { changeVisitOfCustomer, freeWindowsForCustomerVisit, listVisitsOfCustomer } from '../scheduling/index.ts';
import { deleteOldSignInLinks, insertSignInLink, signInLinkExists, useSignInLink } from './account.queries.ts';
import { accountSignInUrlOf, hashAccountToken, newAccountToken } from './account-tokens.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const INVOICES_SHOWN = 24;

/** How a message from the account page is filed on the lead's conversation. */
const ACCOUNT_MESSAGE_SUBJECT = 'Message from the customer’s account';
const ACCOUNT_MAILBOX = 'account';
const ANOTHER_CLEANING_NOTE = 'Asked for another cleaning in their account.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * POST /api/account/sign-in-link: a link for a customer's address, e-mailed by the reactions (the
 * event on their newest lead); nothing for an address no lead has. The caller answers the same either way.
 */
export async function requestSignInLink(db: Knex, email: string, origin: string, now: Date): Promise<void> {
  const address = normalizeEmail(email);
  const [lead] = await findLeadsOfEmail(db, address);
  if (!lead) return;
  await deleteOldSignInLinks(db, new Date(now.getTime() - DAY_MS));
  const { token, tokenHash } = newAccountToken();
  await withLeadEventOutbox(db, async (trx, outbox) => {
    await insertSignInLink(trx, {
      token_hash: tokenHash,
      email: address,
      lead_id: lead.id,
      created_at: now,
      expires_at: new Date(now.getTime() + ACCOUNT_LINK_MINUTES * MINUTE_MS),
    });
    await outbox.accountLinkRequested(lead.id, { url: accountSignInUrlOf(origin, token), email: address });
  });
}

export type SignInOutcome = { kind: 'signed-in'; email: string } | { kind: 'spent' } | { kind: 'unknown' };

/** GET /account/sign-in/{token}: the link used (once, in its 30 minutes), or why it signs nobody in. */
export async function redeemSignInLink(db: Knex, token: string, now: Date): Promise<SignInOutcome> {
  const tokenHash = hashAccountToken(token);
  const link = await useSignInLink(db, tokenHash, now);
  if (link) return { kind: 'signed-in', email: link.email };
  return (await signInLinkExists(db, tokenHash)) ? { kind: 'spent' } : { kind: 'unknown' };
}

/** The customer's leads, the newest first (empty when none has the address any more). */
export function leadsOfCustomer(db: Knex, email: string): Promise<Lead[]> {
  return findLeadsOfEmail(db, email);
}

/** Texts: the newest lead's number has consent and no STOP; e-mail: no lead of the address unsubscribed. */
function preferencesOf(leads: readonly Lead[]): Account['preferences'] {
  const newest = leads[0];
  return {
    sms: Boolean(newest?.smsConsent && !newest.smsOptedOutAt),
    email: leads.every((lead) => !lead.emailUnsubscribedAt),
  };
}

/** The card in use of the newest of `leads` that has one (a customer books on one lead at a time). */
async function cardOfCustomer(db: Knex, leads: readonly Lead[]): Promise<Account['card']> {
  for (const lead of leads) {
    const card = await findSavedCard(db, lead.id);
    if (card) return { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
  }
  return null;
}

/**
 * The customer removes their card on file (the page's form): every lead of theirs that has one in use
 * (audited as the customer's, no staff member). False when there was none.
 */
export async function removeCardOfCustomer(
  db: Knex,
  stripe: Stripe | undefined,
  email: string,
  now: Date,
): Promise<boolean> {
  let removed = false;
  for (const lead of await leadsOfCustomer(db, email)) {
    if (!(await findSavedCard(db, lead.id))) continue;
    await removeSavedCard(db, stripe, lead.id, null, now);
    removed = true;
  }
  return removed;
}

/** GET /api/account. */
export async function getAccount(db: Knex, email: string, now: Date): Promise<Account> {
  const leads = await leadsOfCustomer(db, email);
  const ids = leads.map((lead) => lead.id);
  const newest = leads[0];
  const [visits, invoices, card] = await Promise.all([
    listVisitsOfCustomer(db, ids, now),
    listInvoicesOfLeads(db, ids, now, INVOICES_SHOWN),
    cardOfCustomer(db, leads),
  ]);
  return {
    customer: {
      firstName: newest?.firstName ?? '',
      lastName: newest?.lastName ?? '',
      email,
      phone: newest?.phone ?? '',
    },
    visits,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      total: invoice.total,
      balance: invoice.balance,
      status: invoice.status,
      url: `/account/invoices/${invoice.id}`,
    })),
    card,
    preferences: preferencesOf(leads),
  };
}

/** PATCH /api/account/visits/{id}: the change, on one of the customer's own visits (404 otherwise). */
export async function changeAccountVisit(
  db: Knex,
  email: string,
  id: string,
  update: AccountVisitUpdate,
  context: { timeZone: string; now: Date; origin: string },
): Promise<void> {
  const leads = await leadsOfCustomer(db, email);
  await changeVisitOfCustomer(
    db,
    leads.map((lead) => lead.id),
    id,
    update,
    { timeZone: context.timeZone, now: context.now, link: `${context.origin.replace(/\/+$/, '')}/account` },
  );
}

/**
 * PUT /api/account/preferences: texts off is a STOP of every number of the customer's, on records their
 * consent (and clears a STOP, as START does); e-mail off unsubscribes every lead of theirs from automated
 * e-mail (the visit reminders included), on subscribes them again.
 */
export async function setAccountPreferences(
  db: Knex,
  email: string,
  preferences: Account['preferences'],
  now: Date,
): Promise<Account['preferences']> {
  const leads = await leadsOfCustomer(db, email);
  const before = preferencesOf(leads);
  if (preferences.sms !== before.sms) {
    if (preferences.sms) await recordSmsConsentOfCustomer(db, leads, now);
    else await optOutCustomerFromSms(db, leads, now);
  }
  if (preferences.email !== before.email) {
    await setEmailOfCustomer(
      db,
      leads.map((lead) => lead.id),
      preferences.email,
      now,
    );
  }
  return preferencesOf(await leadsOfCustomer(db, email));
}

/** POST /api/account/messages: on the newest lead's conversation, its assignee (or whoever is on duty) notified. */
export async function sendAccountMessage(
  db: Knex,
  email: string,
  text: string,
  context: { now: Date; timeZone: string },
): Promise<void> {
  const [lead] = await leadsOfCustomer(db, email);
  if (!lead) throw new AppError(404, ACCOUNT_MESSAGES.notSignedIn);
  await recordInboundMessage(
    db,
    {
      leadId: lead.id,
      channel: 'email',
      body: text,
      subject: ACCOUNT_MESSAGE_SUBJECT,
      from: email,
      externalId: `account-${randomUUID()}`,
      mailbox: ACCOUNT_MAILBOX,
      receivedAt: context.now,
    },
    context.timeZone,
  );
}

/** The customer's conversation with the company (their newest lead's), oldest first, read-only. */
export async function accountThread(db: Knex, email: string): Promise<LeadMessages['items']> {
  const [lead] = await leadsOfCustomer(db, email);
  return lead ? (await listLeadMessages(db, lead.id)).items : [];
}

/** The move page of one of the customer's visits: the visit and the free windows; undefined for another's. */
export async function windowsToMoveTo(
  db: Knex,
  email: string,
  id: string,
  timeZone: string,
  now: Date,
): Promise<{ visit: AccountVisit; slots: Array<{ start: string; end: string }> } | undefined> {
  const leads = await leadsOfCustomer(db, email);
  const ids = leads.map((lead) => lead.id);
  const visit = (await listVisitsOfCustomer(db, ids, now)).find((candidate) => candidate.id === id);
  if (!visit?.canChange) return undefined;
  return { visit, slots: await freeWindowsForCustomerVisit(db, ids, id, timeZone, now) };
}

/**
 * POST /api/account/requests: another cleaning, on the customer's details (their newest lead's name,
 * address, phone and ZIP), taken in as the quote form's request is: a repeat request of their open
 * lead, or a new lead linked to a closed one. Consent to texts is neither given nor taken by it.
 */
export async function requestAnotherCleaning(
  db: Knex,
  email: string,
  request: AccountCleaningRequest,
  clock: IntakeClock,
  meta: RequestMeta,
): Promise<void> {
  const [lead] = await leadsOfCustomer(db, email);
  if (!lead) throw new AppError(404, ACCOUNT_MESSAGES.notSignedIn);
  const note = request.notes ? `${ANOTHER_CLEANING_NOTE} ${request.notes}` : ANOTHER_CLEANING_NOTE;
  await receiveQuoteRequest(
    db,
    {
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email ?? email,
      phone: lead.phone,
      zipcode: lead.zipcode,
      cleaningType: request.cleaningType,
      frequency: request.frequency,
      bedrooms: request.bedrooms,
      bathrooms: request.bathrooms,
      notes: note,
      smsConsent: false,
    },
    clock,
    meta,
  );
}
