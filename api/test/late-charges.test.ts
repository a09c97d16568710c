// The late charge (docs/decisions.md, "Late charge"): an invoice more than 30 days past due is charged
// 1.5 % of what it owes (earlier late charges left out) once per business month, as an untaxed fee line
// in cents; sweeps at once from two processes, and again in the same month, add it once.
import { expect, it } from 'vitest';
import { addLateCharges, businessMonthOf, lateChargeCentsOf } from '../src/payments/late-charges.service.ts';
import { openSecondPool } from './support/automation-engine.ts';
import { invoicedLead, PAYMENTS_ENV, readInvoice } from './support/payments.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

const DAY = 86_400_000;
const ZONE = 'America/Chicago';

describeApi('late charges', () => {
  const context = useTestApp({ env: PAYMENTS_ENV });

  it('rounds 1.5 % half up to the cent and names the business month', () => {
    expect(lateChargeCentsOf(20_000)).toBe(300);
    expect(lateChargeCentsOf(28_686)).toBe(430); // 430.29
    expect(lateChargeCentsOf(28_700)).toBe(431); // 430.5
    expect(lateChargeCentsOf(33)).toBe(0); // 0.495
    // 05:30 UTC on the 1st is still the last evening of the month before in Chicago.
    expect(businessMonthOf(new Date('2027-02-01T05:30:00Z'), ZONE)).toBe('2027-01');
    expect(businessMonthOf(new Date('2027-02-01T06:30:00Z'), ZONE)).toBe('2027-02');
  });

  it('charges an invoice more than 30 days past due once a month, at once from two processes, never on the charges before', async () => {
    const { invoiceId, agent } = await invoicedLead(context);
    await agent.post(`/api/admin/invoices/${invoiceId}/payments`).send({ method: 'cash', amount: '86.86' }).expect(201);
    const { dueAt } = await readInvoice(agent, invoiceId);
    const lateFrom = Date.parse(dueAt) + 30 * DAY;

    // Exactly 30 days past due: not yet.
    expect(await addLateCharges(context.db, new Date(lateFrom), ZONE)).toBe(0);
    const first = new Date(lateFrom + 60_000);
    context.clock.now = first;
    const pool = await openSecondPool(context.db);
    try {
      const swept = await Promise.all([
        addLateCharges(context.db, first, ZONE),
        addLateCharges(pool.db, first, ZONE),
        addLateCharges(context.db, first, ZONE),
      ]);
      expect(swept.reduce((sum, each) => sum + each, 0)).toBe(1);
    } finally {
      await pool.close();
    }
    expect(await addLateCharges(context.db, new Date(first.getTime() + 3_600_000), ZONE)).toBe(0);

    const staff = await signIn(context.app);
    const charged = await readInvoice(staff, invoiceId);
    // 1.5 % of the $200.00 owed: $3.00, outside the taxed total.
    expect(charged).toMatchObject({
      status: 'past_due',
      total: '286.86',
      tax: '21.86',
      fees: '3.00',
      balance: '203.00',
    });
    expect(charged.lines.at(-1)).toEqual({
      description: expect.stringMatching(/^Late charge, \w+ \d{4}: 1\.5% of \$200\.00 past due$/),
      quantity: 1,
      unitPrice: '3.00',
      amount: '3.00',
    });

    // The next month (31 days on is always another month): 1.5 % of the $200.00 again, not of $203.00.
    const next = new Date(first.getTime() + 31 * DAY);
    expect(businessMonthOf(next, ZONE)).not.toBe(businessMonthOf(first, ZONE));
    expect(await addLateCharges(context.db, next, ZONE)).toBe(1);
    expect(await addLateCharges(context.db, next, ZONE)).toBe(0);
    context.clock.now = next;
    const later = await readInvoice(await signIn(context.app), invoiceId);
    expect(later).toMatchObject({ fees: '6.00', balance: '206.00' });
    expect(later.lines.filter((line) => line.description.startsWith('Late charge'))).toHaveLength(2);

    // The database refuses a second charge for a month whoever writes it.
    const month = businessMonthOf(next, ZONE);
    await expect(
      context.db('invoice_late_charges').insert({ invoice_id: invoiceId, month, basis_cents: 100, amount_cents: 2 }),
    ).rejects.toThrow();
    const audit = await context.db('audit_log').where({ action: 'late_charge_added' });
    expect(audit).toHaveLength(2);
    expect(audit[0]?.actor_id).toBeNull();
  });

  it('leaves paid invoices alone', async () => {
    const { invoiceId, agent } = await invoicedLead(context);
    await agent
      .post(`/api/admin/invoices/${invoiceId}/payments`)
      .send({ method: 'cash', amount: '286.86' })
      .expect(201);
    const { dueAt } = await readInvoice(agent, invoiceId);
    expect(await addLateCharges(context.db, new Date(Date.parse(dueAt) + 40 * DAY), ZONE)).toBe(0);
    expect(await context.db('invoice_late_charges').where({ invoice_id: invoiceId })).toHaveLength(0);
  });
});
