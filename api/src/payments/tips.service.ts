// Tips for the crew (docs/decisions.md, "Tips"): a cash or check tip recorded against a completed visit
// (scheduling finds the visit and its crew, then calls recordTip in its transaction), kept with the
// crew's number and name as they are, never part of the invoice's balance; listed for payroll with
// each crew's total over a range of business dates.
import type { AnalyticsRange } from '@shine/shared/analytics';
import { zonedTimeToInstant } from '@shine/shared/business-time';
import type { ManualPayment } from '@shine/shared/payments';
import { formatCents } from '@shine/shared/quote-pricing';
import type { Tip, TipList } from '@shine/shared/tips';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import { findInvoiceOfVisit, findTipListRow, insertTipRow, listTipRows, type TipListRow } from './tips.queries.ts';

function toTip(row: TipListRow): Tip {
  return {
    id: row.id,
    visitId: row.visit_id,
    invoiceNumber: row.invoice_number,
    leadId: row.lead_id,
    leadName: row.lead_name,
    crew: row.crew,
    crewName: row.crew_name,
    method: row.method,
    amount: formatCents(Number(row.amount_cents)),
    reference: row.reference,
    at: row.created_at.toISOString(),
  };
}

/** The tip of a completed visit (the caller checked it is one), in the caller's transaction; audited. */
export async function recordTip(
  trx: Knex.Transaction,
  actorId: string,
  visit: { id: string; leadId: string; crew: number; crewName: string },
  input: ManualPayment,
  now: Date,
): Promise<Tip> {
  const invoice = await findInvoiceOfVisit(trx, visit.id);
  const tip = await insertTipRow(trx, {
    lead_id: visit.leadId,
    visit_id: visit.id,
    invoice_id: invoice?.id ?? null,
    crew: visit.crew,
    crew_name: visit.crewName,
    method: input.method,
    amount_cents: input.amount,
    reference: input.reference ?? null,
    recorded_by: actorId,
    created_at: now,
  });
  await recordAudit(trx, {
    actorId,
    entity: 'lead',
    entityId: visit.leadId,
    leadId: visit.leadId,
    action: 'tip_recorded',
    before: null,
    after: {
      crew: visit.crewName,
      method: input.method,
      amount: formatCents(input.amount),
      ...(invoice ? { invoice: invoice.number } : {}),
      ...(input.reference ? { reference: input.reference } : {}),
    },
  });
  const row = await findTipListRow(trx, tip.id);
  if (!row) throw new Error('tip vanished');
  return toTip(row);
}

function startOfDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(zonedTimeToInstant(timeZone, year ?? 1970, month ?? 1, day ?? 1));
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** GET /api/admin/tips: the range's tips, newest first, each crew's count and total (by name, A–Z). */
export async function listTips(db: Knex, range: AnalyticsRange, timeZone: string): Promise<TipList> {
  const rows = await listTipRows(db, startOfDate(range.from, timeZone), startOfDate(nextDate(range.to), timeZone));
  const crews = new Map<string, { tips: number; cents: number }>();
  let cents = 0;
  for (const row of rows) {
    const crew = crews.get(row.crew_name) ?? { tips: 0, cents: 0 };
    crew.tips += 1;
    crew.cents += Number(row.amount_cents);
    crews.set(row.crew_name, crew);
    cents += Number(row.amount_cents);
  }
  return {
    from: range.from,
    to: range.to,
    items: rows.map(toTip),
    byCrew: [...crews.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([crewName, crew]) => ({ crewName, tips: crew.tips, total: formatCents(crew.cents) })),
    total: formatCents(cents),
  };
}
