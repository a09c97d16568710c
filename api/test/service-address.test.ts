// The service address (docs/decisions.md, "Service address"): the customer's first booking must say
// where to clean, validated and inside the 22-city service area (outside: refused with the phone
// number); a later booking is prefilled and may leave it out; staff set it on the lead (audited) and
// may book with it; the Schedule's visits carry it with the phone, price and duration; the
// confirmation e-mail and its calendar file (LOCATION, RFC 5545 escaping) carry it too.
import { adminVisitListSchema, bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { leadDetailSchema, leadSchema } from '@shine/shared/responses/leads';
import { SERVICE_ADDRESS_MESSAGES } from '@shine/shared/service-address';
import type { Express } from 'express';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, resetTables, signIn, useTestApp } from './support/test-app.ts';

const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };
const DAY = 86_400_000;

let people = 0;

/** A lead of its own from the form, sent its quote and accepting it. */
async function acceptedQuote(app: Express, agent: Agent, overrides: Record<string, string> = {}) {
  people++;
  const leadId = await createLeadThroughForm(app, {
    email: `address${people}@example.com`,
    phone: `214-555-${String(6000 + people)}`,
    ...overrides,
  });
  const sent = await sendNewQuote(agent, leadId);
  const token = tokenOf(sent.url);
  await supertest(app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
  const slots = slotListSchema.parse((await supertest(app).get(`/api/quotes/${token}/slots`).expect(200)).body);
  return { leadId, token, quote: sent.quote, slots: slots.slots };
}

describeApi('service address', () => {
  const t = useTestApp({ env: ENV });
  let agent: Agent;
  beforeEach(async () => {
    t.clock.now = new Date();
    agent = await signIn(t.app);
  });

  const bookingsOf = async (leadId: string) =>
    Number(((await t.db('bookings').where({ lead_id: leadId }).count({ n: '*' }).first()) as { n: string | number }).n);
  const leadOf = async (leadId: string) => leadDetailSchema.parse((await agent.get(`/api/admin/leads/${leadId}`)).body);

  it('refuses the customer’s first booking without an address or with a bad one, each with its message', async () => {
    const { leadId, token, slots } = await acceptedQuote(t.app, agent);
    const start = slots[0]?.start;
    const missing = await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ start }).expect(400);
    expect(missing.body.message).toBe(SERVICE_ADDRESS_MESSAGES.required);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...TEST_ADDRESS, line1: '  ' }, SERVICE_ADDRESS_MESSAGES.line1],
      [{ ...TEST_ADDRESS, city: '' }, SERVICE_ADDRESS_MESSAGES.city],
      [{ ...TEST_ADDRESS, zip: '7502' }, SERVICE_ADDRESS_MESSAGES.zip],
      [{ ...TEST_ADDRESS, zip: 'ABCDE' }, SERVICE_ADDRESS_MESSAGES.zip],
      [{ ...TEST_ADDRESS, line2: 'x'.repeat(61) }, SERVICE_ADDRESS_MESSAGES.line2Long],
    ];
    for (const [address, message] of cases) {
      const refused = await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ start, address }).expect(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await bookingsOf(leadId)).toBe(0);
    expect((await leadOf(leadId)).serviceAddress).toBeNull();
  });

  it('refuses a city outside the service area with the phone number, and books nothing', async () => {
    const { leadId, token, slots } = await acceptedQuote(t.app, agent);
    const refused = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slots[0]?.start, address: { ...TEST_ADDRESS, city: 'Austin', zip: '78701' } })
      .expect(400);
    expect(refused.body.message).toBe(SERVICE_ADDRESS_MESSAGES.outsideArea('Austin'));
    expect(refused.body.message).toContain(DEFAULT_COMPANY.phone);
    expect(await bookingsOf(leadId)).toBe(0);

    // The same refusal on the page without JavaScript: the fields kept, the message beside the city.
    const page = await supertest(t.app)
      .post(`/q/${token}/booking`)
      .type('form')
      .send({ start: slots[0]?.start, line1: '9 Congress Ave', city: 'Austin', zip: '78701' })
      .expect(400);
    expect(page.text).toContain('id="address-city-error"');
    expect(page.text).toContain(DEFAULT_COMPANY.phone);
    expect(page.text).toContain('value="9 Congress Ave"');
  });

  it('saves the address with the first booking (the city as the service area spells it) and prefills it later', async () => {
    const { leadId, token, slots } = await acceptedQuote(t.app, agent, { zipcode: '75024', frequency: 'One Time' });
    // The page first offers the request's ZIP, and asks for the rest.
    const open = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(open.text).toContain('Where should we clean?');
    expect(open.text).toMatch(/id="address-zip"[^>]*value="75024"/);
    expect(open.text).toMatch(/id="address-line1"[^>]*value=""/);

    const slot = slots.at(-1)?.start;
    await supertest(t.app)
      .post(`/q/${token}/booking`)
      .type('form')
      .send({ start: slot, line1: ' 4521  Elm Street ', line2: 'Apt 4', city: 'fort  worth', zip: '76132' })
      .expect(303);
    expect((await leadOf(leadId)).serviceAddress).toEqual({
      line1: '4521 Elm Street',
      line2: 'Apt 4',
      city: 'Fort Worth',
      zip: '76132',
    });
    const booked = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(booked.text).toContain('Where: <strong>4521 Elm Street, Apt 4, Fort Worth, TX 76132</strong>');
    const history = (await agent.get(`/api/admin/leads/${leadId}/history`).expect(200)).body.items as Array<{
      action: string;
      after: unknown;
    }>;
    expect(history.find((row) => row.action === 'service_address_set')?.after).toEqual({
      serviceAddress: '4521 Elm Street, Apt 4, Fort Worth, TX 76132',
    });

    // Cancelled, the page offers the saved address; booking again without one keeps it.
    await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(200);
    const again = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(again.text).toMatch(/id="address-line1"[^>]*value="4521 Elm Street"/);
    expect(again.text).toMatch(/id="address-line2"[^>]*value="Apt 4"/);
    await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ start: slot }).expect(201);
    expect((await leadOf(leadId)).serviceAddress?.city).toBe('Fort Worth');
  });

  it('lets staff set and change the address (any city), audited, and book with one', async () => {
    const { leadId } = await acceptedQuote(t.app, agent);
    const bad = await agent
      .put(`/api/admin/leads/${leadId}/service-address`)
      .send({ address: { line1: '1 Main St', city: 'Dallas', zip: '752' } })
      .expect(400);
    expect(bad.body.message).toBe(SERVICE_ADDRESS_MESSAGES.zip);
    const set = await agent
      .put(`/api/admin/leads/${leadId}/service-address`)
      .send({ address: { line1: '77 Oak Lane', city: 'Austin', zip: '78701' } })
      .expect(200);
    expect(leadSchema.parse(set.body).serviceAddress).toEqual({
      line1: '77 Oak Lane',
      line2: null,
      city: 'Austin',
      zip: '78701',
    });
    await agent
      .put('/api/admin/leads/00000000-0000-4000-8000-000000000000/service-address')
      .send({ address: TEST_ADDRESS })
      .expect(404);

    // Staff's booking with an address saves it over the old one.
    const slots = slotListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/slots`).expect(200)).body).slots;
    await agent
      .post(`/api/admin/leads/${leadId}/booking`)
      .send({ start: slots[0]?.start, address: { ...TEST_ADDRESS, line2: 'Unit 9' } })
      .expect(201);
    expect((await leadOf(leadId)).serviceAddress).toEqual({ ...TEST_ADDRESS, line2: 'Unit 9' });
    const history = (await agent.get(`/api/admin/leads/${leadId}/history`).expect(200)).body.items as Array<{
      action: string;
      actor: { name: string } | null;
    }>;
    const changes = history.filter((row) => row.action === 'service_address_set');
    expect(changes).toHaveLength(2);
    expect(changes.every((row) => row.actor !== null)).toBe(true);
  });

  it('gives each visit of the Schedule its address, phone, price and duration', async () => {
    const { leadId, token, slots, quote } = await acceptedQuote(t.app, agent, {
      phone: '214-555-7788',
      frequency: 'Weekly',
    });
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slots[0]?.start, address: TEST_ADDRESS })
      .expect(201);
    const { booking } = bookingAnswerSchema.parse(booked.body);
    const from = new Date(Date.parse(booking.visits[0]?.start ?? '') - DAY).toISOString();
    const to = new Date(Date.parse(booking.visits[0]?.start ?? '') + 15 * DAY).toISOString();
    const list = adminVisitListSchema.parse(
      (await agent.get('/api/admin/visits').query({ from, to }).expect(200)).body,
    );
    const visits = list.items.filter((visit) => visit.leadId === leadId);
    expect(visits.length).toBeGreaterThan(1);
    const [first, second] = visits;
    expect(first?.address).toEqual({ ...TEST_ADDRESS, line2: null });
    expect(first?.phone).toBe('214-555-7788');
    expect(first?.price).toBe(quote.total);
    expect(second?.price).toBe(quote.recurring?.perVisitTotal);
    expect(first?.durationMinutes).toBe(booking.durationMinutes);

    // A lead without an address reads null.
    await t.db('leads').where({ id: leadId }).update({
      service_line1: null,
      service_line2: null,
      service_city: null,
      service_zip: null,
    });
    const without = adminVisitListSchema.parse(
      (await agent.get('/api/admin/visits').query({ from, to }).expect(200)).body,
    );
    expect(without.items.find((visit) => visit.leadId === leadId)?.address).toBeNull();
  });
});

describeApi('service address in the confirmation e-mail and calendar file', () => {
  const reacting = useReactingApp({ env: ENV });
  beforeEach(async () => {
    reacting.app.clock.now = new Date();
    reacting.smtp.received.length = 0;
    await resetTables(reacting.app.db);
  });

  it('names the address in the e-mail (HTML and text) and as the events’ LOCATION, commas and semicolons escaped', async () => {
    const app = reacting.app.app;
    const agent = await signIn(app);
    const { token, slots } = await acceptedQuote(app, agent, { frequency: 'One Time' });
    const address = { line1: '12 Elm St; Bldg B', line2: 'Apt 4', city: 'Plano', zip: '75024' };
    await supertest(app).post(`/api/quotes/${token}/booking`).send({ start: slots[0]?.start, address }).expect(201);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(1);
    const mail = await simpleParser(reacting.smtp.received[0]?.raw ?? '');
    const words = '12 Elm St; Bldg B, Apt 4, Plano, TX 75024';
    expect(mail.text).toContain(`Where: ${words}`);
    expect(mail.html).toContain('Where: 12 Elm St; Bldg B, Apt 4, Plano, TX 75024');
    const file = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    const text = file?.content.toString('utf8') ?? '';
    // Unfolded, the raw line escapes each comma and semicolon (RFC 5545, 3.3.11).
    expect(text.replace(/\r\n[ \t]/g, '')).toContain('LOCATION:12 Elm St\\; Bldg B\\, Apt 4\\, Plano\\, TX 75024');
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('location')).toBe(words);
  });
});
