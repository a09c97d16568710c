// docs/security.md, third review, finding 4: a customer's changes to a booking by its link (book,
// move, cancel), counted per link across the API and the page's forms, are limited per hour and per
// day; past either, 429 with the business's phone number, and nothing changes. A refused change (a
// window taken) does not count.
import { BOOKING_MESSAGES, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { createLeadThroughForm, sendNewQuote, tokenOf, TEST_ADDRESS } from './support/quotes.ts';
import { describeApi, useTestApp } from './support/test-app.ts';

const PHONE = DEFAULT_COMPANY.phone;
let people = 0;

function useLinkApp(perHour: number, perDay: number) {
  const t = useTestApp({
    env: {
      RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000',
      CUSTOMER_BOOKING_CHANGES_PER_HOUR: String(perHour),
      CUSTOMER_BOOKING_CHANGES_PER_DAY: String(perDay),
    },
  });
  async function acceptedLink() {
    people++;
    const leadId = await createLeadThroughForm(t.app, {
      email: `limits${people}@example.com`,
      phone: `469-555-${String(2000 + people)}`,
      frequency: 'One Time',
    });
    const token = tokenOf((await sendNewQuote(await t.agent(), leadId)).url);
    await supertest(t.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const slots = slotListSchema.parse((await supertest(t.app).get(`/api/quotes/${token}/slots`).expect(200)).body);
    return { leadId, token, starts: slots.slots.map((slot) => slot.start) };
  }
  const bookingOf = async (leadId: string) =>
    (await (await t.agent()).get(`/api/admin/leads/${leadId}/booking`).expect(200)).body.booking;
  return { t, acceptedLink, bookingOf };
}

describeApi('customer booking changes, per hour', () => {
  const { t, acceptedLink, bookingOf } = useLinkApp(3, 100);

  it('allows three changes an hour by the API and the page together; the fourth is 429 with the phone, and changes nothing', async () => {
    t.clock.now = new Date();
    const { leadId, token, starts } = await acceptedLink();
    const [a, b, c, d] = starts as [string, string, string, string];
    await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: a }).expect(201);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: b }).expect(200);
    // The page's own form (no script): a change is a redirect back to the page.
    await supertest(t.app).post(`/q/${token}/booking/change`).type('form').send({ start: c }).expect(303);

    const refused = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: d });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.tooManyChanges(3, 'hour', PHONE));
    expect(refused.body.message).toContain(PHONE);
    const page = await supertest(t.app).post(`/q/${token}/booking/cancel`).type('form').send({});
    expect(page.status).toBe(429);
    expect(page.text).toContain('changed 3 times in the last hour');
    expect(page.text).toContain(PHONE);
    const booking = await bookingOf(leadId);
    expect(booking.status).toBe('active');
    expect(Date.parse(booking.visits[0].start)).toBe(Date.parse(c));
  });

  it('does not count a change that was refused (no booking yet, no such window)', async () => {
    t.clock.now = new Date();
    const { token, starts } = await acceptedLink();
    const [a, b, c] = starts as [string, string, string];
    for (let i = 0; i < 2; i++) {
      const early = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: b });
      expect([early.status, early.body.message]).toEqual([409, BOOKING_MESSAGES.noBooking]);
      await supertest(t.app)
        .post(`/api/quotes/${token}/booking`)
        .send({ address: TEST_ADDRESS, start: 'soon' })
        .expect(400);
    }
    await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: a }).expect(201);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: b }).expect(200);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: c }).expect(200);
    expect((await supertest(t.app).delete(`/api/quotes/${token}/booking`)).status).toBe(429);
  });
});

describeApi('customer booking changes, per day', () => {
  const { t, acceptedLink } = useLinkApp(100, 2);

  it('says the day when the daily limit is reached', async () => {
    t.clock.now = new Date();
    const { token, starts } = await acceptedLink();
    const [a, b, c] = starts as [string, string, string];
    await supertest(t.app).post(`/api/quotes/${token}/booking`).send({ address: TEST_ADDRESS, start: a }).expect(201);
    await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: b }).expect(200);
    const refused = await supertest(t.app).patch(`/api/quotes/${token}/booking`).send({ start: c });
    expect([refused.status, refused.body.message]).toEqual([429, BOOKING_MESSAGES.tooManyChanges(2, 'day', PHONE)]);
  });
});
