// Scheduling: the free arrival windows of an accepted quote, the customer's booking by the link (a
// recurring series, the same start twice, a taken window), rescheduling and cancelling outside and
// inside 24 hours with the clock moved, the weeks of a daylight-saving change, staff's Schedule
// (visits, moves with capacity enforced, booking by hand), the settings, the quote's recurring price,
// and ten simultaneous bookings of the last free crew: exactly one wins, in one process or two.
import { BOOKING_MESSAGES, bookingAnswerSchema, slotListSchema, slotTakenSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatCents, parseMoneyToCents } from '@shine/shared/quote-pricing';
import { DEFAULT_SCHEDULING_SETTINGS, instantOfLocal, localPartsOf } from '@shine/shared/scheduling';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import {
  type Agent,
  buildTestApp,
  countRows,
  describeApi,
  driver,
  signIn,
  type TestApp,
  testDatabaseUrl,
  useTestApp,
} from './support/test-app.ts';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let people = 0;

/** "2026-12-01T08:00:00-06:00" → "08:00" (the business's wall clock, as the API writes it). */
const wallClock = (iso: string) => iso.slice(11, 16);
const weekdayOf = (iso: string) => localPartsOf(Date.parse(iso), ZONE).weekday;

/** The first daylight-saving change (a Sunday in the business zone) at least `after` ms from now. */
function nextDstChange(after: number): number {
  const offset = (instant: number) =>
    new Date(instant).toLocaleString('en-US', { timeZone: ZONE, timeZoneName: 'short' }).slice(-3);
  // Noon UTC of each day is after that day's 2 AM change in the business zone.
  const start = new Date(Date.now() + after);
  let day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), 12);
  for (let i = 0; i < 400; i++, day += DAY) if (offset(day) !== offset(day + DAY)) return day + DAY;
  throw new Error('no daylight-saving change within a year');
}

/** Every test here opens quote links many times a minute. */
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };

describeApi('scheduling', () => {
  const t = useTestApp({ env: ENV });
  // A session of each test's own: a test that moves the clock days ahead leaves its session expired.
  let session: Agent | undefined;
  beforeEach(async () => {
    session = undefined;
    // The company's settings outlive the emptied tables: each test starts from the defaults.
    await t.db('company_settings').where({ key: 'scheduling' }).delete();
  });
  const staff = async () => {
    session ??= await signIn(t.app);
    return session;
  };

  /** A lead of its own (contact details unique to the call), sent its quote and accepting it. */
  async function acceptedQuote(overrides: Record<string, string> = {}, accept = true) {
    people++;
    const agent = await staff();
    const leadId = await createLeadThroughForm(t.app, {
      email: `booker${people}@example.com`,
      phone: `214-555-${String(2000 + people)}`,
      ...overrides,
    });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    if (accept) await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    return { agent, leadId, token, quote: sent.quote };
  }

  async function slotsOf(token: string, query = '') {
    const response = await supertest(t.app).get(`/api/quotes/${token}/slots${query}`).expect(200);
    return slotListSchema.parse(response.body);
  }

  async function useCrews(crews: string[]) {
    const agent = await staff();
    await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, crews })
      .expect(200);
  }

  // The third review, finding 3: a booking in the year 2199 was taken, with weekly visits into 2200.
  it('keeps customers within the booking horizon (6 weeks unless set): farther starts are refused with the next windows', async () => {
    const now = new Date();
    t.clock.now = now;
    const { token, leadId } = await acceptedQuote({ cleaningType: 'Basic', frequency: 'Weekly' });
    const far = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: '2199-12-02T08:00:00-06:00' });
    expect(far.status).toBe(409);
    expect(far.body.message).toBe(BOOKING_MESSAGES.beyondHorizon(6));
    const offered = slotTakenSchema.parse(far.body).slots;
    expect(offered.length).toBeGreaterThan(0);
    for (const slot of offered) expect(Date.parse(slot.start)).toBeLessThan(now.getTime() + 6 * 7 * DAY);
    expect((await (await staff()).get(`/api/admin/leads/${leadId}/booking`).expect(200)).body.booking).toBeNull();
    // Asking for windows far ahead lists none past the horizon.
    const later = new Date(now.getTime() + 8 * 7 * DAY).toISOString().slice(0, 10);
    expect((await slotsOf(token, `?from=${later}`)).slots).toEqual([]);

    // Booked inside it, a move past it is refused too, and nothing moves.
    const [first] = (await slotsOf(token)).slots;
    if (!first) throw new Error('no free window');
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: first.start })
      .expect(201);
    const weekAfterHorizon = new Date(Date.parse(first.start) + 7 * 7 * DAY).toISOString();
    const moved = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: weekAfterHorizon });
    expect([moved.status, moved.body.message]).toEqual([409, BOOKING_MESSAGES.beyondHorizon(6)]);

    // An admin sets 2 weeks: a window three weeks out is no longer the customer's to take.
    await (await staff())
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, bookingHorizonWeeks: 2 })
      .expect(200);
    const other = await acceptedQuote({ cleaningType: 'Basic', frequency: 'One Time' });
    const threeWeeks = (
      await slotsOf(other.token, `?from=${new Date(now.getTime() + 21 * DAY).toISOString().slice(0, 10)}`)
    ).slots;
    expect(threeWeeks).toEqual([]);
    const refused = await supertest(t.app)
      .post(`/api/quotes/${other.token}/booking`)
      .send({ address: TEST_ADDRESS, start: new Date(Date.parse(first.start) + 3 * 7 * DAY).toISOString() });
    expect([refused.status, refused.body.message]).toEqual([409, BOOKING_MESSAGES.beyondHorizon(2)]);
    await (await staff())
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, bookingHorizonWeeks: 0 })
      .expect(400);
  });

  it('offers no windows before the quote is accepted, and none for a link that does not exist', async () => {
    t.clock.now = new Date();
    const { token } = await acceptedQuote({}, false);
    const refused = await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(409);
    expect(refused.body.message).toMatch(/Accept the quote first/);
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: new Date().toISOString() })
      .expect(409);
    await supertest(t.app)
      .get(`/api/quotes/${'A'.repeat(43)}/slots`)
      .expect(404);
  });

  it('offers the arrival windows of the next three weeks: after the lead time, working days only, done by closing', async () => {
    const now = new Date();
    t.clock.now = now;
    // Deep, 2 bedrooms, 1.5 bathrooms: 5 hours; a week's notice online.
    const { token } = await acceptedQuote();
    const list = await slotsOf(token);
    expect(list.timezone).toBe(ZONE);
    expect(list.durationMinutes).toBe(300);
    expect(list.slots.length).toBeGreaterThan(10);
    for (const slot of list.slots) {
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(now.getTime() + 7 * DAY);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(2 * HOUR);
      expect(slot.start).toMatch(/[+-]0[56]:00$/);
      const weekday = weekdayOf(slot.start);
      expect(weekday).not.toBe(0);
      // 5 hours from 14:00 would end after 18:00; Saturdays close at 16:00.
      expect(weekday === 6 ? ['09:00', '11:00'] : ['08:00', '10:00', '12:00']).toContain(wallClock(slot.start));
    }
    const starts = list.slots.map((slot) => Date.parse(slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.max(...starts)).toBeLessThan(now.getTime() + 22 * DAY);
    const twoDays = await slotsOf(token, `?from=${list.slots[0]?.start.slice(0, 10)}&days=2`);
    expect(
      twoDays.slots.every((slot) => Date.parse(slot.start) < Date.parse(list.slots[0]?.start ?? '') + 2 * DAY),
    ).toBe(true);
    await supertest(t.app).get(`/api/quotes/${token}/slots?days=43`).expect(400);
    await supertest(t.app).get(`/api/quotes/${token}/slots?from=2026-02-30`).expect(400);
  });

  it('books the first visit and the biweekly series in the same window; the lead is Won; the same start again answers the same', async () => {
    t.clock.now = new Date();
    const { agent, token, leadId, quote } = await acceptedQuote();
    const [slot] = (await slotsOf(token)).slots;
    if (!slot) throw new Error('no free window');
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    const { booking } = bookingAnswerSchema.parse(booked.body);
    expect(booking).toMatchObject({ leadId, quoteId: quote.id, frequency: 'Biweekly', status: 'active' });
    expect(booking.visits.length).toBeGreaterThanOrEqual(3);
    booking.visits.forEach((visit, i) => {
      expect(visit.status).toBe('scheduled');
      expect(wallClock(visit.start)).toBe(wallClock(slot.start));
      expect(weekdayOf(visit.start)).toBe(weekdayOf(slot.start));
      const days = Math.round((Date.parse(visit.start) - Date.parse(slot.start)) / DAY);
      expect(days).toBe(14 * i);
    });
    expect(Date.parse(booking.visits[0]?.end ?? '') - Date.parse(slot.start)).toBe(300 * 60_000);
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body;
    expect(lead.status).toBe('Won');

    const again = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(200);
    expect(again.body.booking.id).toBe(booking.id);
    const other = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: (await slotsOf(token)).slots[1]?.start })
      .expect(409);
    expect(other.body.message).toMatch(/already booked/);
    expect(await countRows(t.db, 'bookings')).toBe(1);
    const mine = await agent.get(`/api/admin/leads/${leadId}/booking`).expect(200);
    expect(mine.body.booking.id).toBe(booking.id);
  });

  it('refuses a taken window with the next free ones, and a time that is no window', async () => {
    t.clock.now = new Date();
    await useCrews(['Solo']);
    const first = await acceptedQuote({ frequency: 'One Time' });
    const second = await acceptedQuote({ frequency: 'One Time' });
    const [slot] = (await slotsOf(first.token)).slots;
    if (!slot) throw new Error('no free window');
    await supertest(t.app)
      .post(`/api/quotes/${first.token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    expect((await slotsOf(second.token)).slots.map((s) => s.start)).not.toContain(slot.start);
    const taken = await supertest(t.app)
      .post(`/api/quotes/${second.token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(409);
    const body = slotTakenSchema.parse(taken.body);
    expect(body.message).toBe('That arrival window was just taken. Please pick another one.');
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.map((s) => s.start)).not.toContain(slot.start);
    const odd = new Date(Date.parse(slot.start) + 30 * 60_000).toISOString();
    const notWindow = await supertest(t.app)
      .post(`/api/quotes/${second.token}/booking`)
      .send({ address: TEST_ADDRESS, start: odd })
      .expect(409);
    expect(notWindow.body.message).toMatch(/not one of our free arrival windows/);
    expect(await countRows(t.db, 'bookings')).toBe(1);
    expect(await countRows(t.db, 'visits')).toBe(1);
  });

  it('lets the customer reschedule and cancel until 24 hours before, and refuses with the policy and the phone inside them', async () => {
    const booked = new Date();
    t.clock.now = booked;
    const { token } = await acceptedQuote();
    const [slot] = (await slotsOf(token)).slots;
    if (!slot) throw new Error('no free window');
    await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    const visitAt = Date.parse(slot.start);

    t.clock.now = new Date(visitAt - 23 * HOUR);
    const later = (await slotsOf(token)).slots[0];
    if (!later) throw new Error('no later window');
    const late = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: later.start }).expect(409);
    expect(late.body.message).toContain('at least 24 hours’ notice to avoid a cancellation fee');
    expect(late.body.message).toContain(DEFAULT_COMPANY.phone);
    const lateCancel = await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(409);
    expect(lateCancel.body.message).toContain(DEFAULT_COMPANY.phone);

    t.clock.now = new Date(visitAt - 25 * HOUR);
    const target = (await slotsOf(token)).slots.find((s) => wallClock(s.start) !== wallClock(slot.start));
    if (!target) throw new Error('no other window');
    const moved = await supertest(t.app)
      .patch(`/api/quotes/${token}/booking`)
      .send({ start: target.start })
      .expect(200);
    const { booking } = bookingAnswerSchema.parse(moved.body);
    expect(booking.visits[0]?.start).toBe(target.start);
    // The series follows the new window, every two weeks.
    expect(booking.visits[1] && wallClock(booking.visits[1].start)).toBe(wallClock(target.start));
    expect(booking.visits.map((v) => v.start)).not.toContain(slot.start);

    const cancelled = await supertest(t.app).delete(`/api/quotes/${token}/booking`).expect(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect(cancelled.body.booking.visits.every((v: { status: string }) => v.status === 'cancelled')).toBe(true);
    // The window is free again.
    expect((await slotsOf(token)).slots.map((s) => s.start)).toContain(target.start);
  });

  it('keeps the wall-clock window across a daylight-saving change, in the slots and the weekly series', async () => {
    const change = nextDstChange(3 * DAY);
    // The Wednesday before the change; a Basic weekly cleaning needs 48 hours' notice.
    t.clock.now = new Date(change - 7 * DAY);
    const { token } = await acceptedQuote({ cleaningType: 'Basic', frequency: 'Weekly' });
    const from = new Date(change - 3 * DAY).toISOString().slice(0, 10);
    const list = await slotsOf(token, `?from=${from}&days=10`);
    expect(list.durationMinutes).toBe(150);
    const offsets = new Set(list.slots.map((slot) => slot.start.slice(19)));
    expect(offsets.size).toBe(2);
    for (const slot of list.slots) {
      expect(weekdayOf(slot.start) === 6 ? ['09:00', '11:00'] : ['08:00', '10:00', '12:00', '14:00']).toContain(
        wallClock(slot.start),
      );
    }
    const before = list.slots.find((slot) => Date.parse(slot.start) < change && wallClock(slot.start) === '10:00');
    if (!before) throw new Error('no 10:00 window before the change');
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: before.start })
      .expect(201);
    const [first, second] = booked.body.booking.visits as Array<{ start: string; end: string }>;
    expect(first?.start).toBe(before.start);
    expect(second && wallClock(second.start)).toBe('10:00');
    expect(second?.start.slice(19)).not.toBe(first?.start.slice(19));
    expect(second && Date.parse(second.end) - Date.parse(second.start)).toBe(150 * 60_000);
  });

  it('gives staff the Schedule: visits with their lead, a booking by hand inside the lead time, moves with capacity enforced', async () => {
    t.clock.now = new Date();
    await useCrews(['North', 'South']);
    const agent = await staff();
    const a = await acceptedQuote({ frequency: 'One Time', firstName: 'Ava' });
    const b = await acceptedQuote({ frequency: 'One Time', firstName: 'Bea' });
    // Tomorrow is inside the week a customer needs for a deep cleaning; staff may book it.
    const staffList = await agent.get(`/api/admin/settings/scheduling`).expect(200);
    expect(staffList.body.crews).toEqual(['North', 'South']);
    const soon = tomorrowWindow(t);
    const first = await agent.post(`/api/admin/leads/${a.leadId}/booking`).send({ start: soon }).expect(201);
    const second = await agent.post(`/api/admin/leads/${b.leadId}/booking`).send({ start: soon }).expect(201);
    expect([first.body.booking.visits[0].crew, second.body.booking.visits[0].crew].sort()).toEqual([1, 2]);
    await agent.post(`/api/admin/leads/${a.leadId}/booking`).send({ start: soon }).expect(409);
    expect((await slotsOf(a.token)).slots.every((s) => Date.parse(s.start) > Date.parse(soon))).toBe(true);

    const from = new Date(Date.parse(soon) - DAY).toISOString();
    const to = new Date(Date.parse(soon) + DAY).toISOString();
    const schedule = await agent.get(`/api/admin/visits?from=${from}&to=${to}`).expect(200);
    expect(schedule.body.items.map((v: { leadName: string }) => v.leadName).sort()).toEqual(['Ava Lee', 'Bea Lee']);
    const visitA = first.body.booking.visits[0];
    // Both crews are busy then: moving A onto B's crew is refused, and nothing changes.
    const busy = await agent
      .patch(`/api/admin/visits/${visitA.id}`)
      .send({ crew: visitA.crew === 1 ? 2 : 1 })
      .expect(409);
    expect(busy.body.message).toMatch(/already has a visit/);
    const nextDay = new Date(Date.parse(soon) + DAY).toISOString();
    const moved = await agent.patch(`/api/admin/visits/${visitA.id}`).send({ start: nextDay }).expect(200);
    expect(Date.parse(moved.body.start)).toBe(Date.parse(nextDay));
    expect(moved.body.crew).toBe(visitA.crew);
    // A cleaning that has not begun has not happened: completing it takes staff's confirmation.
    const early = await agent.patch(`/api/admin/visits/${visitA.id}`).send({ status: 'completed' }).expect(409);
    expect(early.body.message).toBe(BOOKING_MESSAGES.visitNotBegun);
    const unchanged = await agent.get(
      `/api/admin/visits?from=${from}&to=${new Date(Date.parse(nextDay) + DAY).toISOString()}`,
    );
    expect(unchanged.body.items.find((v: { id: string }) => v.id === visitA.id)?.status).toBe('scheduled');
    await agent.patch(`/api/admin/visits/${visitA.id}`).send({ status: 'completed', confirmEarly: 'yes' }).expect(400);
    const done = await agent
      .patch(`/api/admin/visits/${visitA.id}`)
      .send({ status: 'completed', confirmEarly: true })
      .expect(200);
    expect(done.body.status).toBe('completed');
    // Once its arrival window has started, no confirmation is asked.
    t.clock.now = new Date(Date.parse(soon) + 30 * 60_000);
    const visitB = second.body.booking.visits[0];
    const begun = await agent.patch(`/api/admin/visits/${visitB.id}`).send({ status: 'completed' }).expect(200);
    expect(begun.body.status).toBe('completed');
    await agent.patch(`/api/admin/visits/${visitA.id}`).send({ start: soon }).expect(409);
    await agent.patch(`/api/admin/visits/${visitA.id}`).send({ crew: 3 }).expect(400);
    await agent.get('/api/admin/visits?from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z').expect(400);
  });

  it('keeps the scheduling settings: defaults from the business hours, refused when a window falls outside them', async () => {
    const agent = await staff();
    const defaults = await agent.get('/api/admin/settings/scheduling').expect(200);
    expect(defaults.body).toEqual(DEFAULT_SCHEDULING_SETTINGS);
    const days = [...DEFAULT_SCHEDULING_SETTINGS.days];
    days[1] = { open: '08:00', close: '12:00', windows: ['08:00', '13:00'] };
    const refused = await agent.put('/api/admin/settings/scheduling').send({ ...DEFAULT_SCHEDULING_SETTINGS, days });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('days.1.windows.1');
    expect((await agent.get('/api/admin/settings/scheduling').expect(200)).body).toEqual(DEFAULT_SCHEDULING_SETTINGS);
  });

  it('shows a recurring quote’s regular price per visit beside the first visit’s', async () => {
    t.clock.now = new Date();
    const { agent, leadId } = await acceptedQuote();
    const [quote] = (await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body.items;
    expect(quote.recurring.frequency).toBe('Biweekly');
    expect(quote.welcomeDiscount).toBe(true);
    // The same quote without WELCOME40's $40 (no tax on the test's quotes).
    expect(quote.taxRate).toBe('0');
    expect(quote.recurring.perVisitTotal).toBe(formatCents((parseMoneyToCents(quote.total) ?? 0) + 4000));
    const once = await acceptedQuote({ frequency: 'One Time' });
    const [single] = (await agent.get(`/api/admin/leads/${once.leadId}/quotes`).expect(200)).body.items;
    expect(single.recurring).toBeNull();
  });

  it('lets the customer book on the quote page without JavaScript, shows both prices, and the policy inside 24 hours', async () => {
    t.clock.now = new Date();
    const { token, quote } = await acceptedQuote();
    const page = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(page.text).not.toContain('<script');
    expect(page.text).not.toContain(new URL(DEFAULT_COMPANY.bookingUrl).hostname);
    expect(page.text).toContain('Book your first cleaning');
    expect(page.text).toContain(`First cleaning: $${quote.total}`);
    expect(page.text).toContain(`Each cleaning after that: $${quote.recurring?.perVisitTotal}`);
    const [slot] = (await slotsOf(token)).slots;
    if (!slot) throw new Error('no free window');
    expect(page.text).toContain(`value="${slot.start}"`);
    await supertest(t.app).post(`/q/${token}/booking`).type('form').send({}).expect(400);
    const posted = await supertest(t.app)
      .post(`/q/${token}/booking`)
      .type('form')
      .send({ ...TEST_ADDRESS, start: slot.start })
      .expect(303);
    expect(posted.headers.location).toBe(`/q/${token}`);
    const booked = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(booked.text).toContain('Your cleaning is booked');
    expect(booked.text).toContain(`action="/q/${token}/booking/change"`);
    expect(booked.text).toContain(`action="/q/${token}/booking/cancel"`);

    t.clock.now = new Date(Date.parse(slot.start) - 20 * HOUR);
    const late = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(late.text).toContain('at least 24 hours’ notice to avoid a cancellation fee');
    expect(late.text).toContain(DEFAULT_COMPANY.phone);
    expect(late.text).not.toContain(`action="/q/${token}/booking/cancel"`);
    await supertest(t.app).post(`/q/${token}/booking/cancel`).type('form').send({}).expect(409);
    expect((await t.db('bookings').first())?.status).toBe('active');
  });

  it('the thank-you banner follows the booking: it invites to pick a time until one is booked, then says it is booked', async () => {
    t.clock.now = new Date();
    const { token } = await acceptedQuote({ frequency: 'One Time' });
    const banner = (html: string) => /<div class="banner banner--ok" role="status">([\s\S]*?)<\/div>/.exec(html)?.[1];
    const open = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(banner(open.text)).toContain('Pick your first cleaning below.');
    expect(open.text).toContain('Book your first cleaning');

    // The last window offered: far enough ahead that the customer may still cancel it.
    const slot = (await slotsOf(token)).slots.at(-1);
    if (!slot) throw new Error('no free window');
    await supertest(t.app)
      .post(`/q/${token}/booking`)
      .type('form')
      .send({ ...TEST_ADDRESS, start: slot.start })
      .expect(303);
    const booked = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(booked.text).toContain('Your cleaning is booked');
    expect(banner(booked.text)).toContain('Your cleaning is booked: the time is below.');
    expect(booked.text).not.toContain('Pick your first cleaning');

    // Cancelled, the section offers the windows again, and so does the banner.
    await supertest(t.app).post(`/q/${token}/booking/cancel`).type('form').send({}).expect(303);
    const cancelled = await supertest(t.app).get(`/q/${token}`).expect(200);
    expect(cancelled.text).toContain('Your earlier booking was cancelled');
    expect(banner(cancelled.text)).toContain('Pick your first cleaning below.');
  });

  it('says so on the page when the window was taken meanwhile, with the next free windows', async () => {
    t.clock.now = new Date();
    await useCrews(['Solo']);
    const first = await acceptedQuote({ frequency: 'One Time' });
    const second = await acceptedQuote({ frequency: 'One Time' });
    const [slot] = (await slotsOf(second.token)).slots;
    if (!slot) throw new Error('no free window');
    await supertest(t.app)
      .post(`/api/quotes/${first.token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    const page = await supertest(t.app)
      .post(`/q/${second.token}/booking`)
      .type('form')
      .send({ ...TEST_ADDRESS, start: slot.start })
      .expect(409);
    expect(page.text).toContain('That arrival window was just taken. Please pick another one.');
    expect(page.text).not.toContain(`value="${slot.start}"`);
    expect(page.text).toMatch(/name="start" value="[^"]+"/);
  });

  describeConcurrency();

  function describeConcurrency() {
    let second: { database: Database; app: TestApp } | undefined;
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
    });

    it('books the last free crew once when ten customers ask at the same moment (and across two processes on PostgreSQL)', async () => {
      t.clock.now = new Date();
      await useCrews(['North', 'South']);
      const agent = await staff();
      const quotes = [];
      for (let i = 0; i < 10; i++) quotes.push(await acceptedQuote({ frequency: 'One Time' }));
      const holder = await acceptedQuote({ frequency: 'One Time' });
      const [slot] = (await slotsOf(quotes[0]?.token ?? '')).slots;
      if (!slot) throw new Error('no free window');
      // One crew takes the window by staff's hand: one is left.
      await agent.post(`/api/admin/leads/${holder.leadId}/booking`).send({ start: slot.start }).expect(201);

      let apps = [t.app];
      if (driver === 'postgres') {
        // A second API process: its own pool on the same schema.
        const searchPath = (t.db.client.config as { searchPath?: string[] }).searchPath;
        const database = await createDatabase({ databaseUrl: testDatabaseUrl, searchPath, poolMax: 5 });
        const app = await buildTestApp(database.knex, { env: ENV });
        app.clock.now = t.clock.now;
        second = { database, app };
        apps = [t.app, app.app];
      }
      const answers = await Promise.all(
        quotes.map((quote, i) =>
          supertest(apps[i % apps.length] ?? t.app)
            .post(`/api/quotes/${quote.token}/booking`)
            .send({ address: TEST_ADDRESS, start: slot.start }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(slotTakenSchema.parse(answer.body).slots.map((s) => s.start)).not.toContain(slot.start);
      }
      const live = await t
        .db('visits')
        .where({ starts_at: new Date(slot.start) })
        .whereNot({ status: 'cancelled' });
      expect(live.map((visit) => visit.crew).sort()).toEqual([1, 2]);
      expect(await countRows(t.db, 'bookings')).toBe(2);
    });
  }
});

/** Tomorrow's (or the next working day's) 10:00 window in the business zone, as an instant. */
function tomorrowWindow(t: TestApp): string {
  const now = (t.clock.now ?? new Date()).getTime();
  for (let day = 1; day < 8; day++) {
    const parts = localPartsOf(now + day * DAY, ZONE);
    if (parts.weekday === 0 || parts.weekday === 6) continue;
    return new Date(instantOfLocal(ZONE, parts.year, parts.month, parts.day, 10 * 60)).toISOString();
  }
  throw new Error('no working day this week');
}

describeApi('scheduling: the booking e-mail and its calendar', () => {
  const reacting = useReactingApp({
    env: { ...ENV, PUBLIC_ORIGIN: 'https://shine.example.com', ALLOWED_HOSTS: '127.0.0.1' },
  });

  /** The calendar attached to a received e-mail, parsed: its events' starts, ends and descriptions. */
  async function calendarOf(raw: string) {
    const mail = await simpleParser(raw);
    const file = mail.attachments.find((attachment) => attachment.filename === 'cleaning.ics');
    expect(file?.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    return { mail, events };
  }

  it('e-mails the customer the booking with a calendar file of the visits and the link to reschedule; a move by staff e-mails again', async () => {
    reacting.app.clock.now = new Date();
    const agent = await signIn(reacting.app.app);
    const leadId = await createLeadThroughForm(reacting.app.app, { email: 'cal@example.com', phone: '214-555-3100' });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    await supertest(reacting.app.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse(
      (await supertest(reacting.app.app).get(`/api/quotes/${token}/slots`).expect(200)).body,
    );
    const [slot] = slots.slots;
    if (!slot) throw new Error('no free window');
    const booked = await supertest(reacting.app.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    const { booking } = bookingAnswerSchema.parse(booked.body);

    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(1);
    expect(reacting.smtp.received[0]?.to).toEqual(['cal@example.com']);
    const { mail, events } = await calendarOf(reacting.smtp.received[0]?.raw ?? '');
    expect(mail.subject).toMatch(/^Your cleaning is booked/);
    expect(mail.text).toContain(`https://shine.example.com/q/${token}`);
    // Multipart like every e-mail: the layout's HTML with the link as its button, and the text twin.
    expect(mail.html).toContain(`href="https://shine.example.com/q/${token}"`);
    expect(mail.html).toContain('Reschedule or cancel');
    expect(events).toHaveLength(booking.visits.length);
    expect(events[0]?.startDate.toJSDate().getTime()).toBe(Date.parse(slot.start));
    expect(events[0]?.endDate.toJSDate().getTime()).toBe(Date.parse(booking.visits[0]?.end ?? ''));
    expect(events[0]?.description).toContain(`https://shine.example.com/q/${token}`);
    // The conversation keeps what the customer was sent.
    const thread = (await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body;
    expect(JSON.stringify(thread)).toContain('cleaning.ics');

    const first = booking.visits[0];
    if (!first) throw new Error('no visit');
    const later = new Date(Date.parse(first.start) + DAY).toISOString();
    await agent.patch(`/api/admin/visits/${first.id}`).send({ start: later }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    const moved = await calendarOf(reacting.smtp.received[1]?.raw ?? '');
    expect(moved.mail.subject).toMatch(/^We moved your cleaning/);
    expect(moved.events[0]?.startDate.toJSDate().getTime()).toBe(Date.parse(later));
  });
});
