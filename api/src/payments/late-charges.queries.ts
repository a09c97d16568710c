// invoice_late_charges (migration 20261205200000): the late charges added, one per invoice and
// business month. Only the payments feature reads and writes it.
import type { Knex } from 'knex';

/** Open invoices due before `dueBefore` with something owed and no late charge for `month` yet. */
export async function listLateChargeCandidates(db: Knex, dueBefore: Date, month: string): Promise<string[]> {
  const rows = (await db('invoices as i')
    .where('i.status', 'open')
    .where('i.due_at', '<', dueBefore)
    .whereRaw('i.total_cents + i.fees_cents - i.paid_cents > 0')
    .whereNotExists(db('invoice_late_charges as c').whereRaw('c.invoice_id = i.id').where('c.month', month))
    .orderBy('i.due_at')
    .select('i.id')) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** The late charges the invoice was given before, in cents. */
export async function sumLateChargeCents(trx: Knex.Transaction, invoiceId: string): Promise<number> {
  const [row] = (await trx('invoice_late_charges')
    .where({ invoice_id: invoiceId })
    .sum('amount_cents as cents')) as Array<{ cents: string | number | null }>;
  return Number(row?.cents ?? 0);
}

/** The month's charge, unless the invoice has one for it (the primary key decides): false when it had. */
export async function insertLateChargeOnce(
  trx: Knex.Transaction,
  row: { invoice_id: string; month: string; basis_cents: number; amount_cents: number; created_at: Date },
): Promise<boolean> {
  const inserted = await trx('invoice_late_charges')
    .insert(row)
    .onConflict(['invoice_id', 'month'])
    .ignore()
    .returning('invoice_id');
  return inserted.length > 0;
}
