// stripe_customers, card_setups, saved_cards (migration 20261205090000): only the payments feature
// reads and writes them.
import type { Knex } from 'knex';

export interface CardSetupRow {
  id: string;
  lead_id: string;
  checkout_session_id: string;
  stripe_customer_id: string;
  terms_version: string;
  terms_text: string;
  agreed_at: Date;
  agreed_ip: string | null;
  created_at: Date;
}

export interface SavedCardRow {
  id: string;
  lead_id: string;
  setup_id: string;
  stripe_customer_id: string;
  stripe_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  terms_version: string;
  terms_text: string;
  agreed_at: Date;
  agreed_ip: string | null;
  created_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
}

export async function findStripeCustomerId(db: Knex, leadId: string): Promise<string | undefined> {
  const row = (await db('stripe_customers').where({ lead_id: leadId }).first('stripe_customer_id')) as
    | { stripe_customer_id: string }
    | undefined;
  return row?.stripe_customer_id;
}

/** Keeps the lead's customer; answers the one kept (another process's, when it was first). */
export async function keepStripeCustomerId(db: Knex, leadId: string, customerId: string): Promise<string> {
  await db('stripe_customers')
    .insert({ lead_id: leadId, stripe_customer_id: customerId })
    .onConflict('lead_id')
    .ignore();
  return (await findStripeCustomerId(db, leadId)) ?? customerId;
}

export async function insertCardSetup(db: Knex, row: Omit<CardSetupRow, 'id' | 'created_at'>): Promise<CardSetupRow> {
  const [setup] = (await db('card_setups').insert(row).returning('*')) as CardSetupRow[];
  if (!setup) throw new Error('card setup insert returned no row');
  return setup;
}

export async function findCardSetupBySession(db: Knex, sessionId: string): Promise<CardSetupRow | undefined> {
  return (await db('card_setups').where({ checkout_session_id: sessionId }).first()) as CardSetupRow | undefined;
}

export async function findSavedCardOfSetup(db: Knex, setupId: string): Promise<SavedCardRow | undefined> {
  return (await db('saved_cards').where({ setup_id: setupId }).first()) as SavedCardRow | undefined;
}

/** The lead's card in use (not removed), if any. */
export async function findCardInUse(db: Knex, leadId: string): Promise<SavedCardRow | undefined> {
  return (await db('saved_cards').where({ lead_id: leadId }).whereNull('removed_at').first()) as
    | SavedCardRow
    | undefined;
}

/** Locks the lead's card in use until the transaction ends. */
export async function lockCardInUse(trx: Knex.Transaction, leadId: string): Promise<SavedCardRow | undefined> {
  return (await trx('saved_cards').where({ lead_id: leadId }).whereNull('removed_at').forUpdate().first()) as
    | SavedCardRow
    | undefined;
}

export async function markCardRemoved(trx: Knex.Transaction, id: string, at: Date, by: string | null): Promise<void> {
  await trx('saved_cards').where({ id }).whereNull('removed_at').update({ removed_at: at, removed_by: by });
}

/** The card saved from a setup, unless one was (the unique setup_id): undefined when it was. */
export async function insertSavedCardOnce(
  trx: Knex.Transaction,
  row: Omit<SavedCardRow, 'id' | 'created_at' | 'removed_at' | 'removed_by'> & { created_at: Date },
): Promise<SavedCardRow | undefined> {
  const [card] = (await trx('saved_cards')
    .insert(row)
    .onConflict('setup_id')
    .ignore()
    .returning('*')) as SavedCardRow[];
  return card;
}

export interface CardChargeRow {
  id: string;
  invoice_id: string;
  lead_id: string;
  card_id: string;
  attempt: number;
  amount_cents: string | number;
  status: 'pending' | 'succeeded' | 'failed' | 'requires_action' | 'cancelled';
  payment_intent_id: string | null;
  failure_code: string | null;
  due_at: Date;
  created_at: Date;
  settled_at: Date | null;
}

/** An attempt to charge the invoice, unless it was made (the unique invoice and attempt). */
export async function insertCardChargeOnce(
  trx: Knex.Transaction,
  row: Pick<CardChargeRow, 'invoice_id' | 'lead_id' | 'card_id' | 'attempt' | 'amount_cents' | 'due_at' | 'created_at'>,
): Promise<CardChargeRow | undefined> {
  const [charge] = (await trx('card_charges')
    .insert(row)
    .onConflict(['invoice_id', 'attempt'])
    .ignore()
    .returning('*')) as CardChargeRow[];
  return charge;
}

/** Attempts still to make, due by `now`: of one invoice, or every one (the sweep), oldest first. */
export async function listDueCardCharges(
  db: Knex,
  now: Date,
  filter: { invoiceId?: string; limit: number },
): Promise<CardChargeRow[]> {
  const query = db('card_charges').where({ status: 'pending' }).where('due_at', '<=', now);
  if (filter.invoiceId) query.where({ invoice_id: filter.invoiceId });
  return (await query.orderBy('due_at').limit(filter.limit)) as CardChargeRow[];
}

export async function findCardChargeOfInvoiceAttempt(
  db: Knex,
  invoiceId: string,
  attempt: number,
): Promise<CardChargeRow | undefined> {
  return (await db('card_charges').where({ invoice_id: invoiceId, attempt }).first()) as CardChargeRow | undefined;
}

export async function hasCardCharge(db: Knex, invoiceId: string): Promise<boolean> {
  return (await db('card_charges').where({ invoice_id: invoiceId }).first('id')) !== undefined;
}

/** When the invoice's first attempt was made (the retry days count from it). */
export async function findFirstChargeAt(db: Knex, invoiceId: string): Promise<Date | undefined> {
  const row = (await db('card_charges').where({ invoice_id: invoiceId, attempt: 1 }).first('created_at')) as
    | { created_at: Date }
    | undefined;
  return row?.created_at;
}

/** The lead's attempts waiting for a retry, made due now: answers them. */
export async function bringPendingChargesForward(db: Knex, leadId: string, now: Date): Promise<CardChargeRow[]> {
  return (await db('card_charges')
    .where({ lead_id: leadId, status: 'pending' })
    .update({ due_at: now })
    .returning('*')) as CardChargeRow[];
}

/** Settles a pending attempt (only a pending one: the first to settle it wins). */
export async function settleCardCharge(
  db: Knex,
  id: string,
  values: Pick<CardChargeRow, 'status'> & Partial<Pick<CardChargeRow, 'payment_intent_id' | 'failure_code'>>,
  at: Date,
): Promise<boolean> {
  const changed = await db('card_charges')
    .where({ id })
    .whereIn('status', ['pending', 'failed', 'requires_action'])
    .update({ ...values, settled_at: at });
  return changed > 0;
}

export interface PaymentToChaseRow {
  invoice_id: string;
  lead_id: string;
  number: string;
  balance_cents: string | number;
  status: 'failed' | 'requires_action';
  failed_at: Date;
  next_try: Date | null;
}

/**
 * Open invoices whose latest settled charge attempt failed or waits for the customer's confirmation,
 * oldest failure first; of `onlyLeads` when given.
 */
export async function listPaymentsToChaseRows(
  db: Knex,
  onlyLeads: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<PaymentToChaseRow[]> {
  const latest = db('card_charges as c')
    .distinctOn('c.invoice_id')
    .whereIn('c.status', ['failed', 'requires_action'])
    .orderBy([{ column: 'c.invoice_id' }, { column: 'c.attempt', order: 'desc' }])
    .select('c.invoice_id', 'c.status', 'c.settled_at as failed_at');
  const query = db
    .from(latest.as('f'))
    .join('invoices as i', 'i.id', 'f.invoice_id')
    .where('i.status', 'open')
    .whereRaw('i.total_cents + i.fees_cents - i.paid_cents > 0')
    .select(
      'f.invoice_id',
      'i.lead_id',
      'i.number',
      db.raw('i.total_cents + i.fees_cents - i.paid_cents as balance_cents'),
      'f.status',
      'f.failed_at',
      db('card_charges as n')
        .whereRaw('n.invoice_id = f.invoice_id')
        .where('n.status', 'pending')
        .min('n.due_at')
        .as('next_try'),
    )
    .orderBy([{ column: 'f.failed_at' }, { column: 'f.invoice_id' }])
    .limit(limit);
  if (onlyLeads) query.whereIn('i.lead_id', onlyLeads);
  return (await query) as PaymentToChaseRow[];
}
