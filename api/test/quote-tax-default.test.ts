// The payments setting's tax rate is the default of new quotes (docs/decisions.md, "Quotes", Tax):
// a lead's first draft takes the rate as it is when drafted; a quote sent, accepted and booked keeps its
// own, and so does the invoice of its visit, whatever the setting says later.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { quoteSchema, quoteSentSchema } from '@shine/shared/responses/quotes';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { completeVisit, PAYMENTS_ENV, readInvoice, type BookedVisit } from './support/payments.ts';
import { createLeadThroughForm, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

const SETTINGS = { taxRatePercent: '8.25', cancellationFee: null, retryDays: [1, 3, 5], tipsEnabled: false };

describeApi('tax on new quotes', () => {
  const t = useTestApp({ env: PAYMENTS_ENV });

  it('a first draft takes the setting’s rate; an accepted quote and its visit’s invoice keep theirs when it changes', async () => {
    const agent = await signIn(t.app);
    const leadId = await createLeadThroughForm(t.app, { email: 'tax1@example.com', phone: '214-555-7301' });
    const draft = quoteSchema.parse((await agent.post(`/api/admin/leads/${leadId}/quotes`).expect(201)).body);
    // Deep, 2 bedrooms, 1.5 bathrooms, Biweekly: 414 − 62.10 − 40 = 311.90, at 8.25 %: 25.73.
    expect(draft).toMatchObject({ taxRate: '8.25', tax: '25.73', total: '337.63' });
    const sent = quoteSentSchema.parse(
      (await agent.post(`/api/admin/quotes/${draft.id}/send`).send({ email: false }).expect(200)).body,
    );
    const token = tokenOf(sent.url);
    const customer = supertest(t.app);
    await customer.post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const [slot] = slotListSchema.parse((await customer.get(`/api/quotes/${token}/slots`).expect(200)).body).slots;
    if (!slot) throw new Error('no free window');
    const booked = await customer
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start });
    const { booking } = bookingAnswerSchema.parse(booked.body);

    await agent
      .put('/api/admin/settings/payments')
      .send({ ...SETTINGS, taxRatePercent: '6.25' })
      .expect(200);

    // Another lead drafted now: 6.25 % of 311.90 is 19.49375, rounded half up to 19.49.
    const other = await createLeadThroughForm(t.app, { email: 'tax2@example.com', phone: '214-555-7302' });
    expect(quoteSchema.parse((await agent.post(`/api/admin/leads/${other}/quotes`).expect(201)).body)).toMatchObject({
      taxRate: '6.25',
      tax: '19.49',
      total: '331.39',
    });
    // The accepted quote is unchanged, and its first visit is invoiced at its 8.25 %.
    const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body.items;
    expect(quote).toMatchObject({ status: 'accepted', taxRate: '8.25', total: '337.63' });
    const [visit] = (await t.db('visits').where({ booking_id: booking.id }).orderBy('sequence')) as BookedVisit[];
    const staff = await completeVisit(t, visit as BookedVisit);
    const [summary] = (await staff.get(`/api/admin/invoices?leadId=${leadId}`).expect(200)).body.items;
    expect(await readInvoice(staff, summary.id)).toMatchObject({ taxRate: '8.25', tax: '25.73', total: '337.63' });
    await staff.put('/api/admin/settings/payments').send(SETTINGS).expect(200);
  });
});
