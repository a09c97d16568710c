// The late charge (SPEC.md: "late charge 1.5% monthly"; docs/decisions.md, "Late charge"): an
// invoice more than 30 days past due is charged 1.5 % of what it still owes, not counting earlier
// late charges, once per business month: an untaxed fee line, in integer cents rounded half up.
// server.ts runs the sweep every hour in every process; the invoice's row lock and the
// (invoice, month) primary key make one charge a month however many processes sweep at once.
import { divideRoundingHalfUp, formatCents } from '@shine/shared/quote-pricing';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import { insertLateChargeOnce, listLateChargeCandidates, sumLateChargeCents } from './late-charges.queries.ts';
import { appendInvoiceLine, lockInvoiceRow, updateInvoiceRow } from './payments.queries.ts';

/** 1.5 % a month, in basis points. */
export const LATE_CHARGE_BASIS_POINTS = 150;
/** An invoice is charged once it is more than this many days past its due time. */
export const LATE_CHARGE_AFTER_DAYS = 30;

const DAY_MS = 86_400_000;

/** `now`'s month in the business time zone, as "2026-12". */
export function businessMonthOf(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', timeZone }).formatToParts(now);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** "2026-12" → "December 2026". */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const name = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}

/** 1.5 % of the basis, rounded half up to the cent. */
export function lateChargeCentsOf(basisCents: number): number {
  return divideRoundingHalfUp(basisCents * LATE_CHARGE_BASIS_POINTS, 10_000);
}

/** Adds the month's charge to one invoice if it is still due one: true when added. */
async function chargeInvoice(db: Knex, invoiceId: string, month: string, dueBefore: Date, now: Date): Promise<boolean> {
  return db.transaction(async (trx) => {
    const invoice = await lockInvoiceRow(trx, invoiceId);
    if (invoice?.status !== 'open' || invoice.due_at.getTime() >= dueBefore.getTime()) return false;
    const balance = Number(invoice.total_cents) + Number(invoice.fees_cents) - Number(invoice.paid_cents);
    const basis = balance - (await sumLateChargeCents(trx, invoice.id));
    const amount = basis > 0 ? lateChargeCentsOf(basis) : 0;
    if (amount <= 0) return false;
    const added = await insertLateChargeOnce(trx, {
      invoice_id: invoice.id,
      month,
      basis_cents: basis,
      amount_cents: amount,
      created_at: now,
    });
    if (!added) return false;
    await appendInvoiceLine(trx, invoice.id, {
      kind: 'fee',
      description: `Late charge, ${monthName(month)}: 1.5% of $${formatCents(basis)} past due`,
      quantity: 1,
      unit_price_cents: amount,
      amount_cents: amount,
    });
    await updateInvoiceRow(trx, invoice.id, { fees_cents: Number(invoice.fees_cents) + amount });
    await recordAudit(trx, {
      actorId: null,
      entity: 'lead',
      entityId: invoice.lead_id,
      leadId: invoice.lead_id,
      action: 'late_charge_added',
      before: null,
      after: { invoice: invoice.number, amount: formatCents(amount), month },
    });
    return true;
  });
}

/** Adds this business month's late charge to every invoice due one; answers how many were charged. */
export async function addLateCharges(db: Knex, now: Date, timeZone: string): Promise<number> {
  const month = businessMonthOf(now, timeZone);
  const dueBefore = new Date(now.getTime() - LATE_CHARGE_AFTER_DAYS * DAY_MS);
  let added = 0;
  for (const invoiceId of await listLateChargeCandidates(db, dueBefore, month)) {
    if (await chargeInvoice(db, invoiceId, month, dueBefore, now)) added++;
  }
  return added;
}
