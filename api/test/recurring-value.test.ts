// One customer, one value (docs/decisions.md, "Recurring revenue"): after a customer accepts a
// Biweekly quote with WELCOME40 and books it, the drawer, Analytics, the Dashboard, the export and
// Avg Deal all count the regular per-visit price (never the first visit's) × 26 visits a year.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { formatCents } from '@shine/shared/quote-pricing';
import { leadRecurringRevenue } from '@shine/shared/recurring-revenue';
import { calendarDateIn } from '@shine/shared/scheduling';
import { analyticsReportSchema, metricsSchema } from '@shine/shared/responses/reports';
import type { ExportResult, Lead } from '@shine/shared/types';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { up as giveRegularPrices } from '../src/db/migrations/20251207093000_regular_price_lead_values.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { describeApi, useTestApp } from './support/test-app.ts';

const DAY = 24 * 3_600_000;

/** The cell of `header` in each data row of a CSV without quoted commas (after its BOM). */
function csvColumn(content: string, header: string): string[] {
  const [head = '', ...rows] = content
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const at = head.split(',').indexOf(header);
  expect(at, `a "${header}" column`).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row.split(',')[at] ?? '');
}

describeApi('recurring value: one rule everywhere', () => {
  const t = useTestApp({ env: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' } });

  it('after a Biweekly WELCOME40 quote is accepted and booked: regular price × 26 in the drawer, Analytics, Dashboard and export', async () => {
    t.clock.now = new Date();
    const agent = await t.agent();
    // Deep, 2 bedrooms, 1.5 bathrooms, Biweekly: $414 − 15 % = $351.90 a visit, the first $311.90.
    const leadId = await createLeadThroughForm(t.app);
    const sent = await sendNewQuote(agent, leadId);
    expect(sent.quote).toMatchObject({
      total: '311.90',
      recurring: { frequency: 'Biweekly', perVisitTotal: '351.90' },
    });
    const token = tokenOf(sent.url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const [slot] = slots.slots;
    if (!slot) throw new Error('no free window');
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    expect(bookingAnswerSchema.parse(booked.body).booking.frequency).toBe('Biweekly');

    const expected = '9149.40'; // 351.90 × 26

    // The drawer: the lead's value per visit is the regular price, and its Recurring Value the rule's.
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead;
    expect(lead).toMatchObject({ status: 'Won', estimatedValue: 351.9, frequency: 'Biweekly' });
    const drawer = leadRecurringRevenue(lead);
    expect(drawer && formatCents(drawer.annualCents)).toBe(expected);

    // The Dashboard: booked recurring revenue, and Avg Deal (the mean value per visit of Won leads).
    const metrics = metricsSchema.parse((await agent.get('/api/admin/metrics').expect(200)).body);
    expect(metrics.bookedRecurringRevenue).toBe(expected);
    expect(metrics.averageDealValue).toBe(352);

    // Analytics: the recurring value of the month's Won leads.
    const today = Date.now();
    const from = calendarDateIn(today - DAY, 'America/Chicago');
    const to = calendarDateIn(today + DAY, 'America/Chicago');
    const report = analyticsReportSchema.parse(
      (await agent.get(`/api/admin/reports/analytics?from=${from}&to=${to}`).expect(200)).body,
    );
    const won = report.wonRevenueByMonth.filter((row) => row.won > 0);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ won: 1, value: '351.90', recurringValue: expected });

    // The export: CSV (buffered and streamed) and JSON.
    const csv = (await agent.post('/api/admin/leads/export').send({ format: 'csv' }).expect(200)).body as ExportResult;
    expect(csvColumn(csv.content, 'Recurring Value')).toEqual([expected]);
    expect(csvColumn(csv.content, 'Estimated Value')).toEqual(['351.9']);
    const streamed = await agent.post('/api/admin/leads/export').set('Accept', 'text/csv').send({ format: 'csv' });
    expect(csvColumn(streamed.text, 'Recurring Value')).toEqual([expected]);
    const json = (await agent.post('/api/admin/leads/export').send({ format: 'json' }).expect(200))
      .body as ExportResult;
    expect(JSON.parse(json.content)).toMatchObject([{ estimatedValue: 351.9, recurringValue: expected }]);
  }, 90_000); // a quote, its acceptance, a booking and five reads, on a busy machine

  it('a quote priced for another frequency than the request gives the lead its frequency on acceptance', async () => {
    t.clock.now = new Date();
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app, { frequency: 'Weekly' });
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).expect(201)).body;
    await agent
      .patch(`/api/admin/quotes/${draft.id}`)
      .send({ cleaning: { ...draft.cleaning, frequency: 'Monthly' }, recurringDiscountPercent: 10 })
      .expect(200);
    const sent = (await agent.post(`/api/admin/quotes/${draft.id}/send`).send({ email: false }).expect(200)).body;
    const perVisit = sent.quote.recurring.perVisitTotal as string;
    await supertest(t.app)
      .post(`/api/quotes/${tokenOf(sent.url)}/accept`)
      .send({ name: 'Ann Lee' })
      .expect(200);
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead;
    expect(lead).toMatchObject({ frequency: 'Monthly', estimatedValue: Number(perVisit) });
    expect(leadRecurringRevenue(lead)?.visitsPerYear).toBe(13);
    // Both changes are in the audit trail, without an actor (the customer made them).
    const history = (await agent.get(`/api/admin/leads/${leadId}/history`).expect(200)).body;
    expect(JSON.stringify(history)).toContain('Monthly');
  });

  it('leads won before the rule (their value the first visit’s total) get the regular price; a value staff set stays', async () => {
    t.clock.now = new Date();
    const agent = await t.agent();
    const accepted = async (email: string, phone: string) => {
      const leadId = await createLeadThroughForm(t.app, { email, phone });
      const sent = await sendNewQuote(agent, leadId);
      await supertest(t.app)
        .post(`/api/quotes/${tokenOf(sent.url)}/accept`)
        .send({ name: 'Ann Lee' })
        .expect(200);
      return leadId;
    };
    const old = await accepted('old@example.com', '214-555-0301');
    const edited = await accepted('edited@example.com', '214-555-0302');
    // As an acceptance left them before: the first visit's total; the other one since set by staff.
    await t.db('leads').where({ id: old }).update({ estimated_value: '311.90' });
    await t.db('leads').where({ id: edited }).update({ estimated_value: '500.00' });
    await giveRegularPrices(t.db);
    const storedValue = async (id: string) => (await t.db('leads').where({ id }).first())?.estimated_value;
    expect(Number(await storedValue(old))).toBe(351.9);
    expect(Number(await storedValue(edited))).toBe(500);
  });
});
