// Tips for the crew (docs/decisions.md, "Tips"): cash or a check recorded against a completed visit,
// kept with the crew that did it, never part of the invoice's balance; bad input changes nothing; the
// payroll list has the range's tips and each crew's total.
import { tipAnswerSchema, tipListSchema } from '@shine/shared/tips';
import { expect, it } from 'vitest';
import { invoicedLead, PAYMENTS_ENV, readInvoice } from './support/payments.ts';
import { countRows, describeApi, signIn, useTestApp } from './support/test-app.ts';

const ZONE = 'America/Chicago';
const dateOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE }).format(at);

describeApi('tips for the crew', () => {
  const t = useTestApp({ env: PAYMENTS_ENV });

  it('records cash and check tips for a completed visit’s crew, outside the balance, and lists them for payroll', async () => {
    const { leadId, invoiceId, agent, visits } = await invoicedLead(t);
    const [done, next] = visits;
    if (!done || !next) throw new Error('a series of visits was expected');
    const [visit] = await t.db('visits').where({ id: done.id }).select('crew');
    const { crews } = (await agent.get('/api/admin/settings/scheduling').expect(200)).body as { crews: string[] };
    const crewName = crews[(visit?.crew as number) - 1];

    const cash = tipAnswerSchema.parse(
      (await agent.post(`/api/admin/visits/${done.id}/tips`).send({ method: 'cash', amount: '20' }).expect(201)).body,
    ).tip;
    const invoice = await readInvoice(agent, invoiceId);
    expect(cash).toMatchObject({
      visitId: done.id,
      invoiceNumber: invoice.number,
      leadId,
      leadName: 'Ann Lee',
      crew: visit?.crew,
      crewName,
      method: 'cash',
      amount: '20.00',
      reference: null,
    });
    // A minute later (the list is newest first).
    t.clock.now = new Date((t.clock.now as Date).getTime() + 60_000);
    await agent
      .post(`/api/admin/visits/${done.id}/tips`)
      .send({ method: 'check', amount: '15.50', reference: '2001' })
      .expect(201);
    // The invoice is untouched: a tip is the crew's.
    expect(await readInvoice(agent, invoiceId)).toMatchObject({ amountPaid: '0.00', balance: invoice.balance });

    for (const body of [
      { method: 'cash', amount: '-1' },
      { method: 'cash', amount: '1.005' },
      { method: 'gold', amount: '5' },
      {},
    ]) {
      await agent.post(`/api/admin/visits/${done.id}/tips`).send(body).expect(400);
    }
    // A visit still to come has no tip yet; an unknown one is 404.
    expect(
      (await agent.post(`/api/admin/visits/${next.id}/tips`).send({ method: 'cash', amount: '5' }).expect(409)).body
        .message,
    ).toBe('A tip is recorded for a visit marked completed');
    await agent
      .post('/api/admin/visits/00000000-0000-4000-8000-000000000000/tips')
      .send({ method: 'cash', amount: '5' })
      .expect(404);
    expect(await countRows(t.db, 'tips')).toBe(2);
    expect(await t.db('audit_log').where({ action: 'tip_recorded', lead_id: leadId })).toHaveLength(2);

    const today = dateOf(t.clock.now as Date);
    const staff = await signIn(t.app);
    const list = tipListSchema.parse((await staff.get(`/api/admin/tips?from=${today}&to=${today}`).expect(200)).body);
    expect(list.items.map((tip) => tip.amount)).toEqual(['15.50', '20.00']);
    expect(list.items[0]).toMatchObject({ method: 'check', reference: '2001' });
    expect(list.byCrew).toEqual([{ crewName, tips: 2, total: '35.50' }]);
    expect(list.total).toBe('35.50');
    // The day before: none.
    const before = dateOf(new Date((t.clock.now as Date).getTime() - 86_400_000));
    const none = tipListSchema.parse((await staff.get(`/api/admin/tips?from=${before}&to=${before}`).expect(200)).body);
    expect(none).toMatchObject({ items: [], byCrew: [], total: '0.00' });
    await staff.get(`/api/admin/tips?from=${today}&to=${before}`).expect(400);
  });
});
