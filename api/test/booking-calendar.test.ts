// The customer's calendar files (docs/decisions.md, "Calendar files"), read from the e-mails the test
// SMTP server receives and parsed: each visit is one event for life (a reschedule keeps its UID and
// raises its SEQUENCE, so does a staff move), the file carries every scheduled visit of the series
// with a LOCATION and a title that does not say "cleaning" twice, and every cancellation (the
// customer's on the quote page or by the API, staff's of one visit or of the booking) e-mails a
// METHOD:CANCEL file of exactly the cancelled events.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { extendRecurringSeries } from '../src/scheduling/scheduling-reads.service.ts';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { describeApi, resetTables, signIn } from './support/test-app.ts';

const ZONE = 'America/Chicago';
const DAY = 86_400_000;
const HOST = new URL(DEFAULT_COMPANY.bookingUrl).hostname;
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000' };

interface CalendarEvent {
  uid: string;
  sequence: number;
  status: string;
  start: number;
  summary: string;
  location: string | null;
}

/** The e-mail as received, and its calendar attachment parsed: the METHOD and each event. */
async function calendarMail(raw: string | undefined) {
  const mail = await simpleParser(raw ?? '');
  const files = mail.attachments.filter((attachment) => attachment.contentType === 'text/calendar');
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]?.content.toString('utf8') ?? ''));
  const events: CalendarEvent[] = calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    status: String(event.getFirstPropertyValue('status')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
    summary: String(event.getFirstPropertyValue('summary')),
    location: (event.getFirstPropertyValue('location') as string | null) ?? null,
  }));
  return { mail, method: String(calendar.getFirstPropertyValue('method')), events };
}

const byUid = (events: CalendarEvent[]) => new Map(events.map((event) => [event.uid, event]));

describeApi('booking calendar files: one event per visit for life, and cancellations', () => {
  const reacting = useReactingApp({
    env: { ...ENV, PUBLIC_ORIGIN: 'https://shine.example.com', ALLOWED_HOSTS: '127.0.0.1' },
  });
  let people = 0;
  beforeEach(async () => {
    reacting.app.clock.now = new Date();
    reacting.smtp.received.length = 0;
    await resetTables(reacting.app.db);
  });

  /** A lead of its own from the form, its quote accepted and booked at the first free window. */
  async function booked(overrides: Record<string, string> = {}) {
    people++;
    const agent = await signIn(reacting.app.app);
    const email = `calendar${people}@example.com`;
    const leadId = await createLeadThroughForm(reacting.app.app, {
      email,
      phone: `214-555-${String(4000 + people)}`,
      ...overrides,
    });
    const sent = await sendNewQuote(agent, leadId);
    const token = tokenOf(sent.url);
    await supertest(reacting.app.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse(
      (await supertest(reacting.app.app).get(`/api/quotes/${token}/slots`).expect(200)).body,
    );
    const [slot] = slots.slots;
    if (!slot) throw new Error('no free window');
    const answer = await supertest(reacting.app.app)
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slot.start })
      .expect(201);
    const { booking } = bookingAnswerSchema.parse(answer.body);
    return { agent, leadId, token, email, booking, slots: slots.slots };
  }

  /** The UIDs of the booking's scheduled visits not yet over, as the database holds them. */
  async function scheduledUids(bookingId: string): Promise<string[]> {
    const rows = await reacting.app
      .db('visits')
      .where({ booking_id: bookingId, status: 'scheduled' })
      .andWhere('ends_at', '>=', reacting.app.clock.now ?? new Date())
      .orderBy('starts_at')
      .select('calendar_uid');
    return rows.map((row: { calendar_uid: string }) => `${row.calendar_uid}@${HOST}`);
  }

  it('keeps every visit’s UID through a reschedule and raises its SEQUENCE; the file names the service once and the place', async () => {
    const { token, email, booking, slots } = await booked({
      cleaningType: 'Deep',
      frequency: 'Weekly',
      zipcode: '76132',
    });
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(1);
    const first = await calendarMail(reacting.smtp.received[0]?.raw);
    expect(first.method).toBe('PUBLISH');
    expect(first.events.map((event) => event.uid)).toEqual(await scheduledUids(booking.id));
    expect(first.events.length).toBeGreaterThan(1);
    for (const event of first.events) {
      expect(event.sequence).toBe(0);
      expect(event.summary).toBe(`Deep cleaning — ${DEFAULT_COMPANY.name}`);
      expect(event.summary).not.toMatch(/cleaning cleaning/i);
      expect(event.location).toBe('4521 Elm Street, Plano, TX 75024');
    }

    // The customer moves the booking to a later window: the series is laid again from there.
    const target = slots.find((slot) => Date.parse(slot.start) > Date.parse(booking.visits[0]?.start ?? '') + DAY);
    if (!target) throw new Error('no later window');
    await supertest(reacting.app.app).patch(`/api/quotes/${token}/booking`).send({ start: target.start }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    expect(reacting.smtp.received[1]?.to).toEqual([email]);
    const moved = await calendarMail(reacting.smtp.received[1]?.raw);
    expect(moved.mail.subject).toMatch(/^Your cleaning was rescheduled/);
    const scheduled = moved.events.filter((event) => event.status === 'CONFIRMED');
    // The same events, each one revision on, at the new times: importing it updates, never adds.
    expect(moved.events.map((event) => event.uid).sort()).toEqual(first.events.map((event) => event.uid).sort());
    expect(scheduled.map((event) => event.uid)).toEqual(await scheduledUids(booking.id));
    for (const event of moved.events) expect(event.sequence).toBe(1);
    expect(scheduled[0]?.start).toBe(Date.parse(target.start));

    // The customer cancels by the API: every event of the booking, cancelled, one revision on.
    const before = await scheduledUids(booking.id);
    await supertest(reacting.app.app).delete(`/api/quotes/${token}/booking`).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(3);
    const cancelled = await calendarMail(reacting.smtp.received[2]?.raw);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.mail.subject).toMatch(/^Your booking is cancelled/);
    expect(cancelled.events.map((event) => event.uid)).toEqual(before);
    for (const event of cancelled.events) {
      expect(event.status).toBe('CANCELLED');
      expect(event.sequence).toBe(2);
    }
  });

  it('carries every scheduled visit of a long series; a staff move keeps the UID and raises the SEQUENCE; a visit staff cancel is cancelled alone', async () => {
    const { agent, booking } = await booked({ cleaningType: 'Basic', frequency: 'Weekly' });
    // The series kept ahead by the scheduler (as it will be in two weeks): more visits than a
    // booking's answer lists.
    await extendRecurringSeries(
      reacting.app.db,
      ZONE,
      new Date((reacting.app.clock.now ?? new Date()).getTime() + 14 * DAY),
    );
    const all = await scheduledUids(booking.id);
    expect(all.length).toBeGreaterThan(12);
    const visits = await reacting.app
      .db('visits')
      .where({ booking_id: booking.id, status: 'scheduled' })
      .orderBy('starts_at')
      .select('id', 'starts_at', 'calendar_uid');

    // Staff cancel the second visit: the customer is e-mailed a CANCEL of that event only.
    const second = visits[1];
    if (!second) throw new Error('no second visit');
    await agent.patch(`/api/admin/visits/${second.id}`).send({ status: 'cancelled' }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    const one = await calendarMail(reacting.smtp.received[1]?.raw);
    expect(one.method).toBe('CANCEL');
    expect(one.mail.subject).toMatch(/^We cancelled a cleaning/);
    expect(one.events.map((event) => event.uid)).toEqual([`${second.calendar_uid}@${HOST}`]);
    expect(one.events[0]?.sequence).toBe(1);
    expect(one.events[0]?.status).toBe('CANCELLED');
    expect(one.events[0]?.start).toBe(new Date(second.starts_at).getTime());

    // Staff move the third a day later: the file holds every scheduled visit, the moved one revised.
    const third = visits[2];
    if (!third) throw new Error('no third visit');
    const later = new Date(new Date(third.starts_at).getTime() + DAY).toISOString();
    await agent.patch(`/api/admin/visits/${third.id}`).send({ start: later }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(3);
    const moved = await calendarMail(reacting.smtp.received[2]?.raw);
    expect(moved.method).toBe('PUBLISH');
    expect(moved.events.map((event) => event.uid)).toEqual(await scheduledUids(booking.id));
    expect(moved.events).toHaveLength(all.length - 1);
    expect(moved.events.map((event) => event.uid)).not.toContain(`${second.calendar_uid}@${HOST}`);
    const events = byUid(moved.events);
    const revised = events.get(`${third.calendar_uid}@${HOST}`);
    expect(revised?.start).toBe(Date.parse(later));
    expect(revised?.sequence).toBe(1);
    expect(events.get(`${visits[0]?.calendar_uid}@${HOST}`)?.sequence).toBe(0);
    expect(revised?.summary).toBe(`Basic cleaning — ${DEFAULT_COMPANY.name}`);

    // A second move of the same visit raises it again.
    const again = new Date(Date.parse(later) + DAY).toISOString();
    await agent.patch(`/api/admin/visits/${third.id}`).send({ start: again }).expect(200);
    await reacting.app.settle();
    const twice = await calendarMail(reacting.smtp.received[3]?.raw);
    expect(byUid(twice.events).get(`${third.calendar_uid}@${HOST}`)?.sequence).toBe(2);

    // The cancelled visit put back: the file holds it again, one revision after its cancellation.
    await agent.patch(`/api/admin/visits/${second.id}`).send({ status: 'scheduled' }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(5);
    const back = await calendarMail(reacting.smtp.received[4]?.raw);
    expect(back.mail.subject).toMatch(/^Your cleaning is back on the schedule/);
    const restored = byUid(back.events).get(`${second.calendar_uid}@${HOST}`);
    expect(restored?.sequence).toBe(2);
    expect(restored?.status).toBe('CONFIRMED');
  });

  it('says nothing to the customer when staff give a visit to another crew at the same time, and e-mails a move in time', async () => {
    const { agent, booking } = await booked();
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(1);
    const [visit] = booking.visits;
    if (!visit) throw new Error('no visit');
    const other = visit.crew === 1 ? 2 : 1;
    const moved = await agent.patch(`/api/admin/visits/${visit.id}`).send({ crew: other }).expect(200);
    expect(moved.body).toMatchObject({ crew: other, start: visit.start });
    await reacting.app.settle();
    // Their day and window are unchanged: no e-mail, no new calendar file.
    expect(reacting.smtp.received).toHaveLength(1);

    const later = new Date(Date.parse(visit.start) + DAY).toISOString();
    await agent.patch(`/api/admin/visits/${visit.id}`).send({ start: later }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    const retimed = await calendarMail(reacting.smtp.received[1]?.raw);
    expect(retimed.mail.subject).toMatch(/^We moved your cleaning/);
  });

  it('e-mails a CANCEL of every visit still to come when staff cancel the booking, and refuses a lead without one', async () => {
    const { agent, leadId, booking, email } = await booked();
    const before = await scheduledUids(booking.id);
    expect(before.length).toBeGreaterThan(1);
    const answer = await agent.delete(`/api/admin/leads/${leadId}/booking`).expect(200);
    expect(bookingAnswerSchema.parse(answer.body).booking.status).toBe('cancelled');
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    expect(reacting.smtp.received[1]?.to).toEqual([email]);
    const cancelled = await calendarMail(reacting.smtp.received[1]?.raw);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.mail.subject).toMatch(/^We cancelled your booking/);
    expect(cancelled.events.map((event) => event.uid)).toEqual(before);
    expect(cancelled.events.every((event) => event.status === 'CANCELLED' && event.sequence === 1)).toBe(true);
    // Nothing left to cancel: 409 with a message, and no e-mail.
    const none = await agent.delete(`/api/admin/leads/${leadId}/booking`).expect(409);
    expect(none.body.message).toMatch(/no active booking/);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    await agent.delete('/api/admin/leads/00000000-0000-4000-8000-000000000000/booking').expect(404);
  });

  it('e-mails the customer who cancels on the quote page a CANCEL of exactly their events, kept in the conversation', async () => {
    const { agent, leadId, token, booking, email } = await booked({ frequency: 'Monthly' });
    const before = await scheduledUids(booking.id);
    await supertest(reacting.app.app).post(`/q/${token}/booking/cancel`).type('form').send({}).expect(303);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    expect(reacting.smtp.received[1]?.to).toEqual([email]);
    const cancelled = await calendarMail(reacting.smtp.received[1]?.raw);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.mail.text).toContain(`https://shine.example.com/q/${token}`);
    expect(cancelled.events.map((event) => event.uid)).toEqual(before);
    expect(cancelled.events.every((event) => event.status === 'CANCELLED' && event.sequence === 1)).toBe(true);
    const thread = (await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body;
    expect(JSON.stringify(thread)).toContain('Your booking is cancelled');
  });
});
