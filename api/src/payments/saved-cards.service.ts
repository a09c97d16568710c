// Cards on file (docs/decisions.md, "Cards on file"): the customer saves a card on Stripe's own page
// (Checkout in setup mode, a SetupIntent for off-session use), never on ours, after agreeing to the
// terms (kept word for word with their time and client address). The card is recorded from Stripe's
// signed checkout.session.completed webhook, or when the customer comes back from the page, whichever
// is first: once per setup either way. Staff see its brand, last four digits and expiry; staff or the
// customer remove it.
import { CARD_TERMS_VERSION, cardLabelOf, PAYMENT_MESSAGES } from '@shine/shared/payments';
import type { SavedCard } from '@shine/shared/responses/payments';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { recordAudit } from '../audit/index.ts';
import { AppError } from '../http/app-error.ts';
import {
  findCardInUse,
  findCardSetupBySession,
  findSavedCardOfSetup,
  findStripeCustomerId,
  insertCardSetup,
  insertSavedCardOnce,
  keepStripeCustomerId,
  lockCardInUse,
  markCardRemoved,
  type SavedCardRow,
} from './saved-cards.queries.ts';

export function toSavedCard(row: SavedCardRow): SavedCard {
  const card = { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year };
  return {
    id: row.id,
    ...card,
    label: cardLabelOf(card),
    addedAt: row.created_at.toISOString(),
    terms: row.terms_text,
    termsAgreedAt: row.agreed_at.toISOString(),
  };
}

/** The lead's card in use, or null. */
export async function findSavedCard(db: Knex, leadId: string): Promise<SavedCard | null> {
  const row = await findCardInUse(db, leadId);
  return row ? toSavedCard(row) : null;
}

/** The lead's customer at Stripe, made once (the idempotency key and the table's key decide). */
export async function stripeCustomerOf(
  db: Knex,
  stripe: Stripe,
  lead: { id: string; email: string | null; name: string },
): Promise<string> {
  const known = await findStripeCustomerId(db, lead.id);
  if (known) return known;
  const customer = await stripe.customers.create(
    { ...(lead.email ? { email: lead.email } : {}), name: lead.name, metadata: { lead_id: lead.id } },
    { idempotencyKey: `customer-of-lead-${lead.id}` },
  );
  return keepStripeCustomerId(db, lead.id, customer.id);
}

/**
 * A Checkout Session in setup mode for the lead, the terms agreed to kept with it: answers the page to
 * send the customer to. `successUrl` may hold {CHECKOUT_SESSION_ID}, as Stripe fills it in.
 */
export async function startCardSetup(
  db: Knex,
  stripe: Stripe,
  args: {
    lead: { id: string; email: string | null; name: string };
    terms: string;
    clientIp: string | null;
    successUrl: string;
    cancelUrl: string;
    now: Date;
  },
): Promise<string> {
  const customer = await stripeCustomerOf(db, stripe, args.lead);
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    currency: 'usd',
    customer,
    success_url: args.successUrl,
    cancel_url: args.cancelUrl,
    metadata: { lead_id: args.lead.id },
    setup_intent_data: { metadata: { lead_id: args.lead.id } },
  });
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
  await insertCardSetup(db, {
    lead_id: args.lead.id,
    checkout_session_id: session.id,
    stripe_customer_id: customer,
    terms_version: CARD_TERMS_VERSION,
    terms_text: args.terms,
    agreed_at: args.now,
    agreed_ip: args.clientIp,
  });
  return session.url;
}

/**
 * Records the card of a completed setup session: once (a replayed webhook, the customer's return and
 * another process all find it). The card replaces the lead's earlier one. Undefined when the session
 * is none of ours or not complete.
 */
export async function recordCardOfSession(
  db: Knex,
  stripe: Stripe,
  sessionId: string,
  now: Date,
): Promise<SavedCard | undefined> {
  const setup = await findCardSetupBySession(db, sessionId);
  if (!setup) return undefined;
  const saved = await findSavedCardOfSetup(db, setup.id);
  if (saved) return toSavedCard(saved);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== 'complete' || !session.setup_intent) return undefined;
  const intentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
  const intent = await stripe.setupIntents.retrieve(intentId);
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (intent.status !== 'succeeded' || !methodId) return undefined;
  const method = await stripe.paymentMethods.retrieve(methodId);
  if (!method.card) return undefined;
  const card = method.card;
  return db.transaction(async (trx) => {
    const earlier = await lockCardInUse(trx, setup.lead_id);
    const already = await findSavedCardOfSetup(trx, setup.id);
    if (already) return toSavedCard(already);
    if (earlier) await markCardRemoved(trx, earlier.id, now, null);
    const row = await insertSavedCardOnce(trx, {
      lead_id: setup.lead_id,
      setup_id: setup.id,
      stripe_customer_id: setup.stripe_customer_id,
      stripe_payment_method_id: methodId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      terms_version: setup.terms_version,
      terms_text: setup.terms_text,
      agreed_at: setup.agreed_at,
      agreed_ip: setup.agreed_ip,
      created_at: now,
    });
    if (!row) throw new AppError(409, 'The card was saved meanwhile');
    await recordAudit(trx, {
      actorId: null,
      entity: 'lead',
      entityId: setup.lead_id,
      leadId: setup.lead_id,
      action: 'card_saved',
      before: earlier
        ? {
            card: cardLabelOf({
              brand: earlier.brand,
              last4: earlier.last4,
              expMonth: earlier.exp_month,
              expYear: earlier.exp_year,
            }),
          }
        : null,
      after: {
        card: cardLabelOf({ brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year }),
      },
    });
    return toSavedCard(row);
  });
}

/**
 * Removes the lead's card (staff: `actorId`; the customer on their page: null). Audited. Stripe is
 * told after the commit; a failure there leaves a card we never charge again. 404 without a card.
 */
export async function removeSavedCard(
  db: Knex,
  stripe: Stripe | undefined,
  leadId: string,
  actorId: string | null,
  now: Date,
): Promise<void> {
  const removed = await db.transaction(async (trx) => {
    const card = await lockCardInUse(trx, leadId);
    if (!card) throw new AppError(404, PAYMENT_MESSAGES.cardNotFound);
    await markCardRemoved(trx, card.id, now, actorId);
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: leadId,
      leadId,
      action: 'card_removed',
      before: { card: toSavedCard(card).label },
      after: null,
    });
    return card;
  });
  await stripe?.paymentMethods.detach(removed.stripe_payment_method_id).catch(() => undefined);
}
