// Staff booking a lead by hand: the lead's free arrival windows are the customer's (the quote page's
// rules), a window from that list books, a start outside the windows is refused unless staff say
// "any time", and any time is still never in the past nor on a crew that is busy then.
import { bookingAnswerSchema, slotListSchema, slotTakenSchema } from '@shine/shared/bookings';
import { sessionInfoSchema } from '@shine/shared/responses/auth';
import { DEFAULT_SCHEDULING_SETTINGS, instantOfLocal, localPartsOf } from '@shine/shared/scheduling';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { createLeadThroughForm, sendNewQuote, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, signIn, useTestApp } from './support/test-app.ts';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let people = 0;

describeApi('staff booking: the lead’s free windows and "any time"', () => {
  const t = useTestApp({ env: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' } });
  let session: Agent | undefined;
  beforeEach(async () => {
    session = undefined;
    await t.db('company_settings').where({ key: 'scheduling' }).delete();
  });
  const staff = async () => {
    session ??= await signIn(t.app);
    return session;
  };

  async function newLead(overrides: Record<string, string> = {}) {
    people++;
    return createLeadThroughForm(t.app, {
      email: `staff-booker${people}@example.com`,
      phone: `214-555-${String(3000 + people)}`,
      ...overrides,
    });
  }

  it('lists the windows the customer sees on the quote page, for the same service', async () => {
    t.clock.now = new Date();
    const agent = await staff();
    const leadId = await newLead({ cleaningType: 'Deep', frequency: 'One Time' });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);

    const customer = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    const mine = slotListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/slots`).expect(200)).body);
    expect(mine).toEqual(customer);
    expect(mine.timezone).toBe(ZONE);
    // A deep cleaning needs a week's notice online.
    expect(Date.parse(mine.slots[0]?.start ?? '')).toBeGreaterThanOrEqual(Date.now() + 7 * DAY);
    const week = slotListSchema.parse(
      (await agent.get(`/api/admin/leads/${leadId}/slots?from=${mine.slots[0]?.start.slice(0, 10)}&days=1`).expect(200))
        .body,
    );
    expect(week.slots.length).toBeGreaterThan(0);
    expect(week.slots.every((slot) => slot.start.slice(0, 10) === mine.slots[0]?.start.slice(0, 10))).toBe(true);
  });

  it('lists a lead’s windows from its own request when it has no accepted quote; 404 for no lead; 401 signed out', async () => {
    t.clock.now = new Date();
    const agent = await staff();
    const leadId = await newLead({ cleaningType: 'Basic', frequency: 'One Time' });
    const list = slotListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/slots`).expect(200)).body);
    // Basic: two days' notice.
    expect(Date.parse(list.slots[0]?.start ?? '')).toBeGreaterThanOrEqual(Date.now() + 48 * HOUR);
    await agent.get('/api/admin/leads/00000000-0000-4000-8000-000000000000/slots').expect(404);
    await agent.get(`/api/admin/leads/${leadId}/slots?days=0`).expect(400);
    await supertest(t.app).get(`/api/admin/leads/${leadId}/slots`).expect(401);
  });

  it('books a window from the list; a time outside the windows is refused with the free windows', async () => {
    t.clock.now = new Date();
    const agent = await staff();
    const leadId = await newLead({ cleaningType: 'Basic', frequency: 'One Time' });
    const { slots } = slotListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/slots`).expect(200)).body);
    const offWindow = new Date(Date.parse(slots[0]?.start ?? '') + 17 * 60_000).toISOString();
    const refused = await agent.post(`/api/admin/leads/${leadId}/booking`).send({ start: offWindow }).expect(409);
    const taken = slotTakenSchema.parse(refused.body);
    expect(taken.message).toMatch(/pick one from the list/);
    expect(taken.slots.length).toBeGreaterThan(0);
    const booked = await agent.post(`/api/admin/leads/${leadId}/booking`).send({ start: slots[0]?.start }).expect(201);
    expect(bookingAnswerSchema.parse(booked.body).booking.visits[0]?.start).toBe(slots[0]?.start);
  });

  it('books "any time" outside the windows and working hours, with an arrival window of the settings’ length', async () => {
    t.clock.now = new Date();
    const agent = await staff();
    const leadId = await newLead({ cleaningType: 'Basic', frequency: 'One Time' });
    // Tomorrow at 7:15 PM in the business zone: after closing, inside the lead time, no window then.
    const tomorrow = localPartsOf(Date.now() + DAY, ZONE);
    const start = new Date(
      instantOfLocal(ZONE, tomorrow.year, tomorrow.month, tomorrow.day, 19 * 60 + 15),
    ).toISOString();
    const booked = await agent.post(`/api/admin/leads/${leadId}/booking`).send({ start, anyTime: true }).expect(201);
    const visit = bookingAnswerSchema.parse(booked.body).booking.visits[0];
    expect(Date.parse(visit?.start ?? '')).toBe(Date.parse(start));
    expect(visit?.start.slice(11, 16)).toBe('19:15');
    expect(Date.parse(visit?.arrivalEnd ?? '') - Date.parse(start)).toBe(
      DEFAULT_SCHEDULING_SETTINGS.windowMinutes * 60_000,
    );
    const note = await t
      .db('activities')
      .where({ lead_id: leadId })
      .where('subject', 'like', 'Cleaning booked%')
      .first();
    expect(note?.description).toMatch(/Crew 1\. Booked by staff at a time of their choosing/);
  });

  it('never books "any time" in the past, nor on crews that are all busy then', async () => {
    t.clock.now = new Date();
    const agent = await staff();
    await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, crews: ['Solo'] })
      .expect(200);
    const past = await newLead({ frequency: 'One Time' });
    const refused = await agent
      .post(`/api/admin/leads/${past}/booking`)
      .send({ start: new Date(Date.now() - HOUR).toISOString(), anyTime: true })
      .expect(409);
    expect(refused.body.message).toBe('That time has passed. Pick a time still to come.');

    const start = new Date(Date.now() + 3 * DAY + 13 * 60_000).toISOString();
    await agent.post(`/api/admin/leads/${past}/booking`).send({ start, anyTime: true }).expect(201);
    const other = await newLead({ frequency: 'One Time' });
    const busy = await agent
      .post(`/api/admin/leads/${other}/booking`)
      .send({ start: new Date(Date.parse(start) + HOUR).toISOString(), anyTime: true })
      .expect(409);
    expect(busy.body.message).toBe('Every crew has a visit then. Pick another time.');
    await agent.post(`/api/admin/leads/${other}/booking`).send({ start, anyTime: 'yes' }).expect(400);
    await agent
      .post(`/api/admin/leads/${other}/booking`)
      .set('origin', 'https://evil.example')
      .send({ start, anyTime: true })
      .expect(403);
  });

  it('tells the signed-in CRM the business time zone its times are shown in', async () => {
    const agent = await staff();
    const me = sessionInfoSchema.parse((await agent.get('/api/admin/me').expect(200)).body);
    expect(me.timeZone).toBe(ZONE);
    expect((await supertest(t.app).get('/api/admin/me').expect(200)).body).toEqual({ isAuthenticated: false });
  });
});
