// One visit skipped and closed days: the customer skips a visit of a series by the link (the 24-hour
// notice is each visit's own, with the clock moved), staff skip one (audited), the customer's e-mail
// withdraws it; closed dates in the settings (validated, sorted, each once), never offered as windows,
// a series across a closed day moved to the next free window and flagged, a date closed later flagged.
import { BOOKING_MESSAGES, bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { DEFAULT_SCHEDULING_SETTINGS, calendarDateIn } from '@shine/shared/scheduling';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, signIn, useTestApp } from './support/test-app.ts';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };

let people = 0;

describeApi('skipping one visit and closed days', () => {
  const t = useTestApp({ env: ENV });
  let session: Agent | undefined;
  beforeEach(async () => {
    session = undefined;
    await t.db('company_settings').where({ key: 'scheduling' }).delete();
  });
  const staff = async () => {
    session ??= await signIn(t.app);
    return session;
  };

  async function acceptedQuote(overrides: Record<string, string> = {}) {
    people++;
    const agent = await staff();
    const leadId = await createLeadThroughForm(t.app, {
      email: `skipper${people}@example.com`,
      phone: `214-555-${String(4000 + people)}`,
      cleaningType: 'Basic',
      frequency: 'Weekly',
      ...overrides,
    });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    return { agent, leadId, token };
  }

  async function slotsOf(token: string, query = '') {
    return slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots${query}`).expect(200)).body);
  }

  async function bookFirstSlot(token: string) {
    const [slot] = (await slotsOf(token)).slots;
    if (!slot) throw new Error('no free window');
    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slot.start, address: TEST_ADDRESS })
      .expect(201);
    return bookingAnswerSchema.parse(booked.body).booking;
  }

  async function visitsOfLead(leadId: string, from: number, days: number) {
    const agent = await staff();
    const query = `from=${new Date(from).toISOString()}&to=${new Date(from + days * DAY).toISOString()}`;
    const items = (await agent.get(`/api/admin/visits?${query}`).expect(200)).body.items as Array<{
      id: string;
      leadId: string;
      start: string;
      status: string;
      flags: string[];
    }>;
    return items.filter((item) => item.leadId === leadId);
  }

  it('lets the customer skip one later visit inside the 24 hours before the next one; the next is refused with the phone', async () => {
    t.clock.now = new Date();
    const { token, leadId } = await acceptedQuote();
    const booking = await bookFirstSlot(token);
    const [first, second, third] = booking.visits;
    if (!first || !second || !third) throw new Error('no series');

    // 23 hours before the first visit: the first is no longer the customer's to change, the second is.
    t.clock.now = new Date(Date.parse(first.start) - 23 * HOUR);
    const late = await supertest(t.app)
      .patch(`/api/quotes/${token}/visits/${first.id}`)
      .send({ status: 'skipped' })
      .expect(409);
    expect(late.body.message).toBe(BOOKING_MESSAGES.tooLate(DEFAULT_COMPANY.phone));
    const skipped = await supertest(t.app)
      .patch(`/api/quotes/${token}/visits/${second.id}`)
      .send({ status: 'skipped' })
      .expect(200);
    const after = bookingAnswerSchema.parse(skipped.body).booking;
    expect(after.status).toBe('active');
    expect(after.visits.find((visit) => visit.id === second.id)?.status).toBe('skipped');
    // The rest of the series is unchanged.
    for (const visit of [first, third]) {
      const now = after.visits.find((v) => v.id === visit.id);
      expect([now?.status, now?.start]).toEqual(['scheduled', visit.start]);
    }
    // Again: the same answer; the Schedule shows it skipped.
    await supertest(t.app).patch(`/api/quotes/${token}/visits/${second.id}`).send({ status: 'skipped' }).expect(200);
    const schedule = await visitsOfLead(leadId, Date.parse(first.start) - HOUR, 21);
    expect(schedule.find((visit) => visit.id === second.id)?.status).toBe('skipped');
    expect(schedule.filter((visit) => visit.status === 'scheduled').length).toBeGreaterThanOrEqual(2);

    // 25 hours before the third: still skippable; nothing else than skipped is accepted, nor another booking's visit.
    await supertest(t.app).patch(`/api/quotes/${token}/visits/${third.id}`).send({ status: 'cancelled' }).expect(400);
    const other = await acceptedQuote();
    t.clock.now = new Date(Date.parse(third.start) - 25 * HOUR);
    await supertest(t.app)
      .patch(`/api/quotes/${other.token}/visits/${third.id}`)
      .send({ status: 'skipped' })
      .expect(409);
    await bookFirstSlot(other.token);
    await supertest(t.app)
      .patch(`/api/quotes/${other.token}/visits/${third.id}`)
      .send({ status: 'skipped' })
      .expect(404);
    await supertest(t.app).patch(`/api/quotes/${token}/visits/${third.id}`).send({ status: 'skipped' }).expect(200);

    // A one-time booking's visit is cancelled, not skipped (a new session: the clock moved days on).
    session = undefined;
    const once = await acceptedQuote({ frequency: 'One Time' });
    const [only] = (await bookFirstSlot(once.token)).visits;
    if (!only) throw new Error('no visit');
    const refused = await supertest(t.app)
      .patch(`/api/quotes/${once.token}/visits/${only.id}`)
      .send({ status: 'skipped' })
      .expect(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.oneTimeNotSkippable);
  });

  it('lets the customer skip one visit on the quote page without JavaScript; inside its 24 hours the page says to call', async () => {
    t.clock.now = new Date();
    const { token } = await acceptedQuote();
    const booking = await bookFirstSlot(token);
    const [first, second] = booking.visits;
    if (!first || !second) throw new Error('no series');
    t.clock.now = new Date(Date.parse(first.start) - 23 * HOUR);
    const page = (await supertest(t.app).get(`/q/${token}`).expect(200)).text;
    // The next visit, inside its 24 hours, has no Skip; the one after it has.
    expect(page).not.toContain(`/q/${token}/visits/${first.id}/skip`);
    expect(page).toContain(`action="/q/${token}/visits/${second.id}/skip"`);
    const late = await supertest(t.app).post(`/q/${token}/visits/${first.id}/skip`).type('form').send({}).expect(409);
    expect(late.text).toContain(DEFAULT_COMPANY.phone);
    await supertest(t.app).post(`/q/${token}/visits/not-a-visit/skip`).type('form').send({}).expect(404);
    await supertest(t.app)
      .post(`/q/${token}/visits/${second.id}/skip`)
      .type('form')
      .send({})
      .expect(303)
      .expect('location', `/q/${token}`);
    const after = (await supertest(t.app).get(`/q/${token}`).expect(200)).text;
    expect(after).toContain('(skipped)');
    expect(after).not.toContain(`/q/${token}/visits/${second.id}/skip`);
  });

  it('lets staff skip a visit still to come, audited, its crew free again; a completed visit is not skipped', async () => {
    t.clock.now = new Date();
    const { token, leadId } = await acceptedQuote();
    const booking = await bookFirstSlot(token);
    const [first, second] = booking.visits;
    if (!first || !second) throw new Error('no series');
    const agent = await staff();
    const answer = await agent.patch(`/api/admin/visits/${second.id}`).send({ status: 'skipped' }).expect(200);
    expect(answer.body.status).toBe('skipped');
    const audit = await t.db('audit_log').where({ lead_id: leadId, action: 'visit_skipped' });
    expect(audit).toHaveLength(1);
    // Its crew is free at that time again: the skipped visit is not a booked one.
    const busy = await t
      .db('visits')
      .where({ starts_at: new Date(second.start) })
      .whereNotIn('status', ['cancelled', 'skipped']);
    expect(busy.find((visit) => visit.id === second.id)).toBeUndefined();
    // Put back, then completed: no longer skippable.
    await agent.patch(`/api/admin/visits/${second.id}`).send({ status: 'scheduled' }).expect(200);
    t.clock.now = new Date(Date.parse(second.start) + HOUR);
    const completed = await signIn(t.app);
    await completed.patch(`/api/admin/visits/${second.id}`).send({ status: 'completed' }).expect(200);
    const refused = await completed.patch(`/api/admin/visits/${second.id}`).send({ status: 'skipped' }).expect(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.visitNotSkippable);
  });

  it('keeps closed dates sorted and each once, and refuses a date that is not one', async () => {
    const agent = await staff();
    expect((await agent.get('/api/admin/settings/scheduling').expect(200)).body.closedDates).toEqual([]);
    const saved = await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, closedDates: ['2027-01-01', '2026-12-25', '2027-01-01'] })
      .expect(200);
    expect(saved.body.closedDates).toEqual(['2026-12-25', '2027-01-01']);
    expect((await agent.get('/api/admin/settings/scheduling').expect(200)).body.closedDates).toEqual([
      '2026-12-25',
      '2027-01-01',
    ]);
    for (const closedDates of [['2026-02-30'], ['12/25/2026'], '2026-12-25', [20261225]]) {
      const refused = await agent
        .put('/api/admin/settings/scheduling')
        .send({ ...DEFAULT_SCHEDULING_SETTINGS, closedDates })
        .expect(400);
      expect(JSON.stringify(refused.body)).toContain('closedDates');
    }
  });

  it('never offers a closed date, moves a series’ visit off it to the next free window (flagged), and flags a date closed later', async () => {
    t.clock.now = new Date();
    const { token, leadId } = await acceptedQuote();
    const [slot] = (await slotsOf(token)).slots;
    if (!slot) throw new Error('no free window');
    // The series' second visit falls a week after the first: that day is closed.
    const closed = calendarDateIn(Date.parse(slot.start) + 7 * DAY, ZONE);
    const agent = await staff();
    await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, closedDates: [closed] })
      .expect(200);
    const offered = [...(await slotsOf(token)).slots, ...(await slotsOf(token, `?from=${closed}&days=2`)).slots];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((s) => calendarDateIn(Date.parse(s.start), ZONE) === closed)).toEqual([]);
    const staffSlots = (await agent.get(`/api/admin/leads/${leadId}/slots?from=${closed}&days=1`).expect(200)).body;
    expect(staffSlots.slots).toEqual([]);

    const booked = await supertest(t.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slot.start, address: TEST_ADDRESS })
      .expect(201);
    const { visits } = bookingAnswerSchema.parse(booked.body).booking;
    expect(visits.map((visit) => calendarDateIn(Date.parse(visit.start), ZONE))).not.toContain(closed);
    const schedule = await visitsOfLead(leadId, Date.parse(slot.start) - HOUR, 28);
    const moved = schedule.filter((visit) => visit.flags.includes('moved_closed_day'));
    expect(moved).toHaveLength(1);
    expect(Date.parse(moved[0]?.start ?? '')).toBeGreaterThan(Date.parse(slot.start) + 7 * DAY);
    // The other visits stay in the series' own window.
    const own = schedule.filter((visit) => visit.flags.length === 0).map((visit) => visit.start.slice(11, 16));
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(new Set(own)).toEqual(new Set([slot.start.slice(11, 16)]));

    // Staff placing the moved visit themselves clears its flag.
    const placed = await agent
      .patch(`/api/admin/visits/${moved[0]?.id}`)
      .send({ start: new Date(Date.parse(moved[0]?.start ?? '') + 2 * HOUR).toISOString() })
      .expect(200);
    expect(placed.body.flags).toEqual([]);

    // A date closed after the booking: its visit stays and is flagged for staff.
    const third = calendarDateIn(Date.parse(slot.start) + 14 * DAY, ZONE);
    await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, closedDates: [closed, third] })
      .expect(200);
    const later = await visitsOfLead(leadId, Date.parse(slot.start) - HOUR, 28);
    const onClosed = later.find((visit) => calendarDateIn(Date.parse(visit.start), ZONE) === third);
    expect(onClosed?.flags).toEqual(['on_closed_day']);
    expect(onClosed?.status).toBe('scheduled');
  });
});

describeApi('skipping one visit and closed days: the customer’s e-mails', () => {
  const reacting = useReactingApp({
    env: { ...ENV, PUBLIC_ORIGIN: 'https://shine.example.com', ALLOWED_HOSTS: '127.0.0.1' },
  });

  it('tells the customer which visit moved off a closed day in the booking e-mail, and withdraws a skipped visit', async () => {
    const app = reacting.app.app;
    reacting.app.clock.now = new Date();
    const agent = await signIn(app);
    const leadId = await createLeadThroughForm(app, {
      email: 'closed@example.com',
      phone: '214-555-3900',
      cleaningType: 'Basic',
      frequency: 'Weekly',
    });
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);
    await supertest(app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const [slot] = slotListSchema.parse(
      (await supertest(app).get(`/api/quotes/${token}/slots`).expect(200)).body,
    ).slots;
    if (!slot) throw new Error('no free window');
    const closed = calendarDateIn(Date.parse(slot.start) + 7 * DAY, ZONE);
    await agent
      .put('/api/admin/settings/scheduling')
      .send({ ...DEFAULT_SCHEDULING_SETTINGS, closedDates: [closed] })
      .expect(200);
    const booked = await supertest(app)
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slot.start, address: TEST_ADDRESS })
      .expect(201);
    const { visits } = bookingAnswerSchema.parse(booked.body).booking;
    await reacting.app.settle();
    const confirmation = await simpleParser(reacting.smtp.received.at(-1)?.raw ?? '');
    expect(confirmation.subject).toMatch(/^Your cleaning is booked/);
    const closedWords = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: ZONE,
    }).format(new Date(Date.parse(slot.start) + 7 * DAY));
    expect(confirmation.text).toContain(`We are closed on ${closedWords}: that cleaning`);

    const second = visits[1];
    if (!second) throw new Error('no second visit');
    const count = reacting.smtp.received.length;
    await supertest(app).patch(`/api/quotes/${token}/visits/${second.id}`).send({ status: 'skipped' }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(count + 1);
    const mail = await simpleParser(reacting.smtp.received.at(-1)?.raw ?? '');
    expect(mail.subject).toMatch(/^Your cleaning is skipped/);
    expect(mail.text).toContain('Your other cleanings stay as booked');
    const file = mail.attachments.find((attachment) => attachment.filename === 'cancelled-cleaning.ics');
    const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(1);
    expect(events[0]?.startDate.toJSDate().getTime()).toBe(Date.parse(second.start));
  });
});
