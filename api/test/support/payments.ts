// Invoices made the way the product makes them, for the payments tests beyond invoices.test.ts: a
// lead of its own whose quote the customer accepts and books, a visit completed by staff on the app's
// clock, and the API's answers read through the shared schemas.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { type Invoice, invoiceAnswerSchema, invoiceListSchema } from '@shine/shared/responses/payments';
import supertest from 'supertest';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './quotes.ts';
import { type Agent, signIn, type TestApp } from './test-app.ts';

export const PAYMENTS_ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };

/** Deep cleaning at $300 with the oven ($35), 10 % recurring discount, WELCOME40, 8.25 % tax: $286.86. */
export const PAYMENTS_QUOTE = {
  cleaning: { cleaningType: 'Deep', bedrooms: '2', bathrooms: '1.5', frequency: 'Biweekly', price: '300' },
  addOns: [{ key: 'oven', quantity: 1 }],
  welcomeDiscount: true,
  recurringDiscountPercent: 10,
  customDiscount: null,
  taxRate: '8.25',
};

export interface BookedVisit {
  id: string;
  starts_at: Date;
  ends_at: Date;
}

let people = 0;

/** A lead of its own, its quote accepted and booked at the first free window by the customer. */
export async function bookedLead(
  app: TestApp,
  quote: object = PAYMENTS_QUOTE,
): Promise<{ leadId: string; email: string; visits: BookedVisit[] }> {
  people++;
  const agent = await signIn(app.app);
  const email = `late${people}-${process.pid}@example.com`;
  const leadId = await createLeadThroughForm(app.app, { email, phone: `214-555-${String(7000 + people)}` });
  const token = tokenOf((await sendNewQuote(agent, leadId, quote)).url);
  const customer = supertest(app.app);
  await customer.post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
  const [slot] = slotListSchema.parse((await customer.get(`/api/quotes/${token}/slots`).expect(200)).body).slots;
  if (!slot) throw new Error('no free window');
  const answer = await customer.post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: slot.start });
  const { booking } = bookingAnswerSchema.parse(answer.body);
  const visits = (await app
    .db('visits')
    .where({ booking_id: booking.id })
    .orderBy('sequence')
    .select('id', 'starts_at', 'ends_at')) as BookedVisit[];
  return { leadId, email, visits };
}

/** Completes the visit an hour after it began (the app's clock moved there), as staff signed in then. */
export async function completeVisit(app: TestApp, visit: BookedVisit): Promise<Agent> {
  app.clock.now = new Date(visit.starts_at.getTime() + 3_600_000);
  const agent = await signIn(app.app);
  await agent.patch(`/api/admin/visits/${visit.id}`).send({ status: 'completed' }).expect(200);
  return agent;
}

/** A booked lead whose first visit is completed: its invoice's id and the agent that completed it. */
export async function invoicedLead(
  app: TestApp,
): Promise<{ leadId: string; invoiceId: string; agent: Agent; visits: BookedVisit[] }> {
  const { leadId, visits } = await bookedLead(app);
  const agent = await completeVisit(app, visits[0] as BookedVisit);
  const list = invoiceListSchema.parse((await agent.get(`/api/admin/invoices?leadId=${leadId}`).expect(200)).body);
  const invoiceId = list.items[0]?.id;
  if (!invoiceId) throw new Error('no invoice was made');
  return { leadId, invoiceId, agent, visits };
}

export async function readInvoice(agent: Agent, id: string): Promise<Invoice> {
  return invoiceAnswerSchema.parse((await agent.get(`/api/admin/invoices/${id}`).expect(200)).body).invoice;
}
