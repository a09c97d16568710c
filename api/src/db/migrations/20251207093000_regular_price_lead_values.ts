import { formatCents, perVisitPricing, type QuoteContent } from '@shine/shared/quote-pricing';
import type { Knex } from 'knex';

// A lead won by accepting a recurring quote took the quote's total as its value: the first visit's,
// with WELCOME40. Its value is now the regular price of a visit (docs/decisions.md, "Recurring
// revenue"), so its recurring value, Analytics and Avg Deal agree with the Dashboard's booked figure.
// Each such lead whose value is still that total (staff have not set another since) gets the regular
// price and the accepted quote's frequency, as an acceptance now gives them.
export async function up(knex: Knex): Promise<void> {
  const result = await knex.raw<{
    rows: Array<{
      lead_id: string;
      content: QuoteContent | string;
      total_cents: string | number;
      value: string | null;
    }>;
  }>(
    `select distinct on (q.lead_id) q.lead_id, q.content, q.total_cents, l.estimated_value::text as value
       from quotes q join leads l on l.id = q.lead_id
      where q.status = 'accepted'
      order by q.lead_id, q.answered_at desc nulls last, q.version desc`,
  );
  for (const row of result.rows) {
    const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as QuoteContent;
    const frequency = content.cleaning?.frequency;
    if (!frequency || frequency === 'One Time' || row.value === null) continue;
    // numeric(10,2) as text: its cents exactly, no floating point.
    if (Math.round(Number(row.value) * 100) !== Number(row.total_cents)) continue;
    await knex('leads')
      .where({ id: row.lead_id })
      .update({ estimated_value: formatCents(perVisitPricing(content).totalCents), frequency });
  }
}

// The first-visit totals are not restored: they were the wrong value.
export async function down(): Promise<void> {}
