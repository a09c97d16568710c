// Reports on getting paid (docs/decisions.md, "Payment reports"): the Payments section's CSV of the
// invoices its filter matches (every page, formula cells quoted, audited), and the money figures of
// Analytics — collected per business month, receivables by age now, and the card charges' first-try
// success and recovery within 14 days, read from the payments table.
import { paymentReportSchema } from '@shine/shared/payment-reports';
import { expect, it } from 'vitest';
import { businessMonthOf } from '../src/payments/late-charges.service.ts';
import { invoicedLead, PAYMENTS_ENV, readInvoice } from './support/payments.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

const DAY = 86_400_000;
const ZONE = 'America/Chicago';

/** The business date of an instant, YYYY-MM-DD. */
const dateOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE }).format(at);

function csvRows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describeApi('payment reports', () => {
  const t = useTestApp({ env: PAYMENTS_ENV });

  it('exports the invoices the filter matches as CSV, every page, with the money and business dates, audited', async () => {
    const first = await invoicedLead(t);
    const second = await invoicedLead(t);
    // A name a spreadsheet would run as a formula is written as text.
    await t.db('leads').where({ id: second.leadId }).update({ first_name: '=HYPERLINK("x")', last_name: 'Lee' });
    await second.agent
      .post(`/api/admin/invoices/${second.invoiceId}/payments`)
      .send({ method: 'cash', amount: '286.86' })
      .expect(201);
    const staff = await signIn(t.app);

    const all = await staff.get('/api/admin/invoices/export').expect(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="invoices_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(all.headers['x-export-count']).toBe('2');
    const [header, ...rows] = csvRows(all.text);
    expect(header).toEqual([
      'Invoice',
      'Customer',
      'Status',
      'Created',
      'Due',
      'Paid on',
      'Subtotal',
      'Discount',
      'Tax rate (%)',
      'Tax',
      'Total',
      'Fees',
      'Paid',
      'Balance',
    ]);
    const one = await readInvoice(staff, first.invoiceId);
    const two = await readInvoice(staff, second.invoiceId);
    // Newest first: the second invoice, paid in cash.
    expect(rows).toEqual([
      [
        two.number,
        '"\'=HYPERLINK(""x"") Lee"',
        'Paid',
        dateOf(new Date(two.createdAt)),
        dateOf(new Date(two.dueAt)),
        dateOf(t.clock.now as Date),
        '335.00',
        '70.00',
        '8.25',
        '21.86',
        '286.86',
        '0.00',
        '286.86',
        '0.00',
      ],
      [
        one.number,
        'Ann Lee',
        'Open',
        dateOf(new Date(one.createdAt)),
        dateOf(new Date(one.dueAt)),
        '',
        '335.00',
        '70.00',
        '8.25',
        '21.86',
        '286.86',
        '0.00',
        '0.00',
        '286.86',
      ],
    ]);

    const open = await staff.get('/api/admin/invoices/export?status=open').expect(200);
    expect(
      csvRows(open.text)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([one.number]);
    // Past due as of now: none yet; a week after the first's due time, the first.
    expect(csvRows((await staff.get('/api/admin/invoices/export?status=past_due').expect(200)).text)).toHaveLength(1);
    const byLead = await staff.get(`/api/admin/invoices/export?leadId=${second.leadId}`).expect(200);
    expect(
      csvRows(byLead.text)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([two.number]);
    await staff.get('/api/admin/invoices/export?status=late').expect(400);
    await staff.get('/api/admin/invoices/export?leadId=nope').expect(400);

    const audit = await t.db('audit_log').where({ action: 'invoices_exported' }).orderBy('id');
    expect(audit).toHaveLength(4);
    expect(audit[1]?.after).toEqual({ format: 'csv', count: 1, filter: { status: 'open' } });
  });

  it('analytics: collected per business month by method, receivables by age now, card first tries and their recovery', async () => {
    const paidByCard = await invoicedLead(t);
    const recovered = await invoicedLead(t);
    const lost = await invoicedLead(t);
    const cashOnly = await invoicedLead(t);
    // The clock stands where the last visit was completed: after every invoice was made.
    const madeAt = (t.clock.now as Date).getTime();

    // Card charges as the card processor's records will hold them: the first try of each invoice.
    const card = (invoiceId: string, leadId: string, status: string, at: number) => ({
      invoice_id: invoiceId,
      lead_id: leadId,
      method: 'card',
      amount_cents: 28_686,
      status,
      created_at: new Date(at),
    });
    await t
      .db('payments')
      .insert([
        card(paidByCard.invoiceId, paidByCard.leadId, 'succeeded', madeAt + 60_000),
        card(recovered.invoiceId, recovered.leadId, 'failed', madeAt + 60_000),
        card(recovered.invoiceId, recovered.leadId, 'succeeded', madeAt + 3 * DAY),
        card(lost.invoiceId, lost.leadId, 'failed', madeAt + 60_000),
      ]);
    await t
      .db('invoices')
      .where({ id: paidByCard.invoiceId })
      .update({
        paid_cents: 28_686,
        status: 'paid',
        paid_at: new Date(madeAt + 60_000),
      });
    await t
      .db('invoices')
      .where({ id: recovered.invoiceId })
      .update({
        paid_cents: 28_686,
        status: 'paid',
        paid_at: new Date(madeAt + 3 * DAY),
      });
    // The customer without a card paid $100 in cash; the lost one fell due 100 days ago.
    t.clock.now = new Date(madeAt + 2 * 3_600_000);
    await (await signIn(t.app))
      .post(`/api/admin/invoices/${cashOnly.invoiceId}/payments`)
      .send({ method: 'cash', amount: '100' })
      .expect(201);
    const now = new Date(madeAt + 4 * DAY);
    await t
      .db('invoices')
      .where({ id: lost.invoiceId })
      .update({ due_at: new Date(now.getTime() - 100 * DAY) });

    t.clock.now = now;
    const staff = await signIn(t.app);
    const from = dateOf(new Date(madeAt - 40 * DAY));
    const to = dateOf(now);
    const report = paymentReportSchema.parse(
      (await staff.get(`/api/admin/reports/payments?from=${from}&to=${to}`).expect(200)).body,
    );
    expect(report.collectedByMonth.map((row) => row.month)).toContain(businessMonthOf(new Date(madeAt), ZONE));
    expect(report.collectedByMonth.at(-1)?.month).toBe(businessMonthOf(now, ZONE));
    const sum = (key: 'cash' | 'card' | 'total') =>
      report.collectedByMonth.reduce((cents, row) => cents + Math.round(Number(row[key]) * 100), 0);
    expect([sum('cash'), sum('card'), sum('total')]).toEqual([10_000, 2 * 28_686, 10_000 + 2 * 28_686]);
    // A failed charge collected nothing; months with no money are there with zeros.
    expect(report.collectedByMonth[0]).toMatchObject({ cash: '0.00', check: '0.00', card: '0.00', total: '0.00' });

    expect(report.receivablesByAge).toEqual([
      { age: '0-30', invoices: 1, balance: '186.86' },
      { age: '31-60', invoices: 0, balance: '0.00' },
      { age: '61-90', invoices: 0, balance: '0.00' },
      { age: '90+', invoices: 1, balance: '286.86' },
    ]);
    expect(report.cardCharges).toEqual({
      firstTries: 3,
      firstTrySucceeded: 1,
      firstTrySuccessRate: 0.3333,
      failed: 2,
      recovered: 1,
      recoveryRate: 0.5,
    });

    // Paid 15 days after its failure is not recovered within 14.
    await t
      .db('invoices')
      .where({ id: recovered.invoiceId })
      .update({ paid_at: new Date(madeAt + 15 * DAY) });
    const later = paymentReportSchema.parse(
      (await staff.get(`/api/admin/reports/payments?from=${from}&to=${to}`).expect(200)).body,
    );
    expect(later.cardCharges).toMatchObject({ failed: 2, recovered: 0, recoveryRate: 0 });
    // A range before any invoice: no card tries, no rate.
    const before = paymentReportSchema.parse(
      (await staff.get(`/api/admin/reports/payments?from=${from}&to=${from}`).expect(200)).body,
    );
    expect(before.cardCharges).toMatchObject({ firstTries: 0, firstTrySuccessRate: null, recoveryRate: null });
    await staff.get(`/api/admin/reports/payments?from=${to}&to=${from}`).expect(400);
  });
});
