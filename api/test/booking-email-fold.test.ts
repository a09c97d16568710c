// One e-mail per burst of a customer's changes (docs/decisions.md, "A burst of changes is one
// e-mail"): the customer's reschedules of one booking wait out a quiet period, and a newer one takes
// the waiting one's place, so the customer gets one e-mail saying where things ended, whose calendar
// file withdraws every event the burst left behind. The booking's confirmation and staff's changes are
// e-mailed at once, each on its own.
import { bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { describeApi, signIn } from './support/test-app.ts';

// Far longer than the pause between two of the test's requests, even on a loaded machine.
const QUIET_SECONDS = 5;

describeApi('booking e-mails: a burst of the customer’s changes is one e-mail', () => {
  const reacting = useReactingApp({
    env: { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000', CUSTOMER_BOOKING_CHANGES_PER_HOUR: '100' },
    engineEnv: { CUSTOMER_CHANGE_EMAIL_QUIET_SECONDS: String(QUIET_SECONDS) },
  });

  async function parsed(index: number) {
    const mail = await simpleParser(reacting.smtp.received[index]?.raw ?? '');
    const file = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''));
    const events = calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      status: String(event.getFirstPropertyValue('status')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
    }));
    return { subject: mail.subject ?? '', events };
  }

  it('three reschedules in a row are one e-mail with the last times; a staff move right after is its own', async () => {
    reacting.app.clock.now = new Date();
    const agent = await signIn(reacting.app.app);
    const leadId = await createLeadThroughForm(reacting.app.app, { email: 'burst@example.com', phone: '214-555-3311' });
    const token = tokenOf((await sendNewQuote(agent, leadId)).url);
    const customer = supertest(reacting.app.app);
    await customer.post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const { slots } = slotListSchema.parse((await customer.get(`/api/quotes/${token}/slots`).expect(200)).body);
    expect(slots.length).toBeGreaterThan(4);
    await customer
      .post(`/api/quotes/${token}/booking`)
      .send({ address: TEST_ADDRESS, start: slots[0]?.start })
      .expect(201);
    await reacting.app.settle();
    expect((await parsed(0)).subject).toMatch(/^Your cleaning is booked/);

    let last = '';
    for (const slot of slots.slice(1, 4)) {
      const answer = await customer.patch(`/api/quotes/${token}/booking`).send({ start: slot.start }).expect(200);
      last = bookingAnswerSchema.parse(answer.body).booking.visits[0]?.start ?? '';
    }
    // Nothing yet: the burst is still going as far as anyone can tell.
    expect(reacting.smtp.received).toHaveLength(1);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(2);
    const folded = await parsed(1);
    expect(folded.subject).toMatch(/rescheduled|moved/i);
    const scheduled = folded.events.filter((event) => event.status === 'CONFIRMED');
    expect(Math.min(...scheduled.map((event) => event.start))).toBe(Date.parse(last));

    // Staff's change is e-mailed at once, on its own.
    const booking = bookingAnswerSchema.parse(
      (await agent.get(`/api/admin/leads/${leadId}/booking`).expect(200)).body,
    ).booking;
    const first = booking?.visits[0];
    if (!first) throw new Error('no visit');
    const later = new Date(Date.parse(first.start) + 86_400_000).toISOString();
    await agent.patch(`/api/admin/visits/${first.id}`).send({ start: later }).expect(200);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(3);
    expect((await parsed(2)).subject).toMatch(/^We moved your cleaning/);
  });
});
