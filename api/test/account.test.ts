// The customer's account: the sign-in link (one use, 30 minutes, the same answer for any address and
// mail only to a customer's), the account's session kept apart from staff sessions both ways, the
// customer's visits (another customer's refused; skip, move and cancel inside and outside 24 hours, the
// clock moved), preferences recorded as consent or opt-out, and a message reaching the lead's thread.
import { ACCOUNT_LINK_MINUTES, ACCOUNT_MESSAGES, accountSchema } from '@shine/shared/account';
import { BOOKING_MESSAGES, bookingAnswerSchema, slotListSchema } from '@shine/shared/bookings';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, TEST_ADDRESS, tokenOf } from './support/quotes.ts';
import { describeApi, signIn } from './support/test-app.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ORIGIN = 'https://shine.example.com';
const ENV = { RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000', PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' };

let people = 0;

describeApi('the customer’s account', () => {
  const reacting = useReactingApp({ env: ENV });
  const app = () => reacting.app.app;

  beforeEach(async () => {
    reacting.app.clock.now = new Date();
    reacting.smtp.received.length = 0;
    await reacting.app.db('rate_limits').delete();
    await reacting.app.db('company_settings').where({ key: 'scheduling' }).delete();
  });

  /** A customer from the quote form: their lead and address. */
  async function customer(overrides: Record<string, string> = {}) {
    people++;
    const email = `account${people}@example.com`;
    const leadId = await createLeadThroughForm(app(), {
      email,
      phone: `214-555-${String(6000 + people)}`,
      cleaningType: 'Basic',
      frequency: 'Weekly',
      ...overrides,
    });
    return { email, leadId };
  }

  /** A customer whose weekly series is booked by the quote's link: the booking's first visits. */
  async function bookedCustomer() {
    const found = await customer();
    const staff = await signIn(app());
    const token = tokenOf((await sendNewQuote(staff, found.leadId)).url);
    await supertest(app()).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(200);
    const [slot] = slotListSchema.parse(
      (await supertest(app()).get(`/api/quotes/${token}/slots`).expect(200)).body,
    ).slots;
    if (!slot) throw new Error('no free window');
    const booked = await supertest(app())
      .post(`/api/quotes/${token}/booking`)
      .send({ start: slot.start, address: TEST_ADDRESS })
      .expect(201);
    await reacting.app.settle();
    return { ...found, staff, visits: bookingAnswerSchema.parse(booked.body).booking.visits };
  }

  /** The sign-in links mailed to `email` so far (their paths). */
  async function linksTo(email: string): Promise<string[]> {
    await reacting.app.settle();
    const links: string[] = [];
    for (const mail of reacting.smtp.received.filter((received) => received.to.includes(email))) {
      const parsed = await simpleParser(mail.raw);
      if (!parsed.subject?.includes('sign-in link')) continue;
      const match = /https:\/\/shine\.example\.com(\/account\/sign-in\/[A-Za-z0-9_-]+)/.exec(parsed.text ?? '');
      if (match?.[1]) links.push(match[1]);
    }
    return links;
  }

  function askForLink(email: string) {
    return supertest(app()).post('/api/account/sign-in-link').send({ email });
  }

  /** Signs the customer in by a link from their mail: the account's cookie. */
  async function signInCustomer(email: string): Promise<string> {
    await askForLink(email).expect(202);
    const link = (await linksTo(email)).at(-1);
    if (!link) throw new Error('no link mailed');
    const answer = await supertest(app()).get(link).expect(303);
    expect(answer.headers.location).toBe('/account');
    const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^account=.+/);
    return cookie;
  }

  const account = async (cookie: string) =>
    accountSchema.parse((await supertest(app()).get('/api/account').set('Cookie', cookie).expect(200)).body);

  it('answers the same for any address, mails only a customer, and the link signs in once, for 30 minutes', async () => {
    const { email } = await customer({ firstName: 'Nora' });
    const known = await askForLink(email.toUpperCase()).expect(202);
    const unknown = await askForLink('nobody-here@example.com').expect(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.linkSent(ACCOUNT_LINK_MINUTES) });
    await reacting.app.settle();
    expect(reacting.smtp.received.map((mail) => mail.to)).toEqual([[email]]);
    const mail = await simpleParser(reacting.smtp.received[0]?.raw ?? '');
    expect(mail.html).toContain('Sign in to your account');
    expect(mail.text).toContain('Hello Nora,');
    // The link is kept in the lead's conversation only as a mention; the database has its hash alone.
    const [link] = await linksTo(email);
    if (!link) throw new Error('no link');
    const token = link.split('/').pop() ?? '';
    const stored = await reacting.app.db('account_sign_in_links').first();
    expect(stored?.token_hash).not.toContain(token);
    const thread = await reacting.app.db('conversation_messages').where({ direction: 'out' }).select('body');
    expect(thread.map((row) => row.body).join(' ')).not.toContain(token);

    const signedIn = await supertest(app()).get(link).expect(303);
    expect(String(signedIn.headers['set-cookie'])).toMatch(
      /^account=[^;]+; Max-Age=\d+; Path=\/;.*HttpOnly; SameSite=Lax/,
    );
    // Used: it signs nobody in again, and says so.
    const again = await supertest(app()).get(link).expect(410);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.text).toContain('has been used or has expired');
    await supertest(app()).get('/account/sign-in/not-a-real-token').expect(404);

    // A fresh link, 31 minutes later: expired.
    await askForLink(email).expect(202);
    const fresh = (await linksTo(email)).at(-1);
    if (!fresh || fresh === link) throw new Error('no second link');
    reacting.app.clock.now = new Date(Date.now() + (ACCOUNT_LINK_MINUTES + 1) * MINUTE);
    await supertest(app()).get(fresh).expect(410);
  });

  it('takes the page’s own forms (Origin "null" from its no-referrer page), not another site’s', async () => {
    const { email } = await customer();
    const form = (site: string) =>
      supertest(app())
        .post('/account/sign-in-link')
        .set('Origin', 'null')
        .set('Sec-Fetch-Site', site)
        .type('form')
        .send({ email });
    await form('cross-site').expect(403);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(0);
    const sent = await form('same-origin').expect(303);
    expect(sent.headers.location).toBe('/account?done=sent');
    expect(await linksTo(email)).toHaveLength(1);
  });

  it('limits the links per address', async () => {
    const { email } = await customer();
    for (let i = 0; i < 3; i++) await askForLink(email).expect(202);
    const refused = await askForLink(email).expect(429);
    expect(refused.body).toEqual({ message: ACCOUNT_MESSAGES.tooManyLinks });
    await askForLink('someone-else@example.com').expect(202);
  });

  it('keeps the customer’s session and staff sessions apart, both ways, and signs out', async () => {
    const { email } = await customer({ firstName: 'Omar', lastName: 'Vance' });
    const cookie = await signInCustomer(email);
    const mine = await account(cookie);
    expect(mine.customer).toMatchObject({ firstName: 'Omar', lastName: 'Vance', email });
    expect(mine.card).toBeNull();
    // The customer's cookie opens no staff route.
    await supertest(app()).get('/api/admin/leads').set('Cookie', cookie).expect(401);
    await supertest(app()).get('/api/admin/me').set('Cookie', cookie).expect(200, { isAuthenticated: false });
    // A staff session is no customer.
    const staff = await signIn(app());
    await staff.get('/api/account').expect(401);
    const page = await staff.get('/account').expect(200);
    expect(page.text).toContain('Sign in with your e-mail');
    // Idle for longer than the idle timeout: signed out.
    reacting.app.clock.now = new Date(Date.now() + 25 * HOUR);
    await supertest(app()).get('/api/account').set('Cookie', cookie).expect(401);
    reacting.app.clock.now = new Date();
    const second = await signInCustomer(email);
    await supertest(app()).post('/api/account/sign-out').set('Cookie', second).expect(204);
    await supertest(app()).get('/api/account').set('Cookie', second).expect(401);
  });

  it('skips, moves and cancels the customer’s own visits with 24 hours’ notice, never another’s', async () => {
    const { email, visits } = await bookedCustomer();
    const other = await bookedCustomer();
    const [first, second, third, fourth] = visits;
    if (!first || !second || !third || !fourth) throw new Error('no series');
    let cookie = await signInCustomer(email);
    const patch = (id: string, body: object) =>
      supertest(app()).patch(`/api/account/visits/${id}`).set('Cookie', cookie).send(body);
    /** The clock moved days on: the idle session is over, the customer signs in again. */
    const at = async (time: number) => {
      reacting.app.clock.now = new Date(time);
      await reacting.app.db('rate_limits').delete();
      cookie = await signInCustomer(email);
    };

    const listed = await account(cookie);
    expect(listed.visits.map((visit) => visit.id).slice(0, 4)).toEqual([first.id, second.id, third.id, fourth.id]);
    expect(listed.visits[0]).toMatchObject({ status: 'scheduled', address: { line1: TEST_ADDRESS.line1 } });
    expect(listed.visits[0]?.crew).toBeTruthy();
    expect(listed.visits[0]?.price).toMatch(/^\d+\.\d{2}$/);

    // Another customer's visit: 404, whatever the change.
    const theirs = other.visits[1]?.id ?? '';
    await patch(theirs, { status: 'skipped' }).expect(404);
    await patch(theirs, { status: 'cancelled' }).expect(404);

    // 23 hours before the first visit: not the customer's to change; the second is.
    await at(Date.parse(first.start) - 23 * HOUR);
    const late = await patch(first.id, { status: 'skipped' }).expect(409);
    expect(late.body.message).toBe(BOOKING_MESSAGES.tooLate(DEFAULT_COMPANY.phone));
    expect((await patch(first.id, { status: 'cancelled' }).expect(409)).body.message).toBe(late.body.message);
    const skipped = accountSchema.parse((await patch(second.id, { status: 'skipped' }).expect(200)).body);
    expect(skipped.visits.find((visit) => visit.id === second.id)?.status).toBe('skipped');
    expect(skipped.visits.find((visit) => visit.id === first.id)).toMatchObject({
      status: 'scheduled',
      canChange: false,
    });
    // The salesperson's Schedule shows it skipped.
    const schedule = await other.staff
      .get(
        `/api/admin/visits?from=${new Date(Date.parse(first.start) - HOUR).toISOString()}&to=${new Date(Date.parse(fourth.start) + HOUR).toISOString()}`,
      )
      .expect(200);
    expect(schedule.body.items.find((item: { id: string }) => item.id === second.id)?.status).toBe('skipped');

    // Moving the third visit: not inside 24 hours of it; to a free window outside them.
    await at(Date.parse(third.start) - 23 * HOUR);
    await patch(third.id, { start: new Date(Date.parse(third.start) + 2 * 24 * HOUR).toISOString() }).expect(409);
    await at(Date.parse(third.start) - 3 * 24 * HOUR);
    const page = await supertest(app()).get(`/account/visits/${third.id}/move`).set('Cookie', cookie).expect(200);
    const offered = [...page.text.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(offered.length).toBeGreaterThan(0);
    await patch(third.id, { start: new Date(Date.parse(third.start) + 30 * MINUTE + 7).toISOString() }).expect(409);
    const target = offered.find((start) => Math.abs(Date.parse(start) - Date.parse(third.start)) > 4 * HOUR) ?? '';
    const moved = accountSchema.parse((await patch(third.id, { start: target }).expect(200)).body);
    expect(moved.visits.find((visit) => visit.id === third.id)?.start).toBe(new Date(target).toISOString());
    expect(moved.visits.find((visit) => visit.id === fourth.id)?.start).toBe(new Date(fourth.start).toISOString());

    // Cancelling from the fourth visit on: the ones before it stay.
    const cancelled = accountSchema.parse((await patch(fourth.id, { status: 'cancelled' }).expect(200)).body);
    const statusOf = (id: string) => cancelled.visits.find((visit) => visit.id === id)?.status;
    expect([statusOf(third.id), statusOf(fourth.id)]).toEqual(['scheduled', 'cancelled']);
    expect(
      cancelled.visits
        .filter((visit) => Date.parse(visit.start) > Date.parse(fourth.start))
        .every((visit) => visit.status === 'cancelled'),
    ).toBe(true);
    await reacting.app.settle();
    const mails = await Promise.all(
      reacting.smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => simpleParser(mail.raw)),
    );
    expect(mails.map((mail) => mail.subject ?? '').some((subject) => /skipped/.test(subject))).toBe(true);
    expect(mails.at(-1)?.text).toContain(`${ORIGIN}/account`);
    // Two bookings, four sign-ins and the mail of each change: on a loaded machine, more than the default.
  }, 60_000);

  it('counts the customer’s visit changes per session, as a quote link’s', async () => {
    const { email, visits } = await bookedCustomer();
    const second = visits[1];
    if (!second) throw new Error('no series');
    const cookie = await signInCustomer(email);
    const skip = () =>
      supertest(app()).patch(`/api/account/visits/${second.id}`).set('Cookie', cookie).send({ status: 'skipped' });
    for (let i = 0; i < 5; i++) await skip().expect(200);
    const refused = await skip().expect(429);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.tooManyChanges(5, 'hour', DEFAULT_COMPANY.phone));
  });

  it('records texts off as a STOP and on as consent, e-mail reminders off and on', async () => {
    const { email, leadId } = await customer({ smsConsent: true } as unknown as Record<string, string>);
    const cookie = await signInCustomer(email);
    const put = (body: object) =>
      supertest(app()).put('/api/account/preferences').set('Cookie', cookie).send(body).expect(200);
    const lead = () => reacting.app.db('leads').where({ id: leadId }).first();

    expect((await put({ sms: false, email: false })).body).toEqual({ sms: false, email: false });
    expect((await lead())?.sms_opted_out_at).toBeInstanceOf(Date);
    expect((await lead())?.email_unsubscribed_at).toBeInstanceOf(Date);
    const audit = await reacting.app.db('audit_log').where({ entity_id: leadId }).pluck('action');
    expect(audit).toEqual(expect.arrayContaining(['sms_opted_out', 'email_unsubscribed']));

    expect((await put({ sms: true, email: true })).body).toEqual({ sms: true, email: true });
    const after = await lead();
    expect(after?.sms_opted_out_at).toBeNull();
    expect(after?.sms_consent_at).toBeInstanceOf(Date);
    expect(after?.email_unsubscribed_at).toBeNull();
  });

  it('books another cleaning on the customer’s own lead, by the JSON call and by the page’s form', async () => {
    const { email, leadId } = await customer({ firstName: 'Rosa', cleaningType: 'Deep', frequency: 'Monthly' });
    const cookie = await signInCustomer(email);
    const page = await supertest(app()).get('/account').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<option selected>Deep</option>');
    expect(page.text).toContain('<option selected>Monthly</option>');
    await supertest(app())
      .post('/api/account/requests')
      .set('Cookie', cookie)
      .send({ cleaningType: 'Basic', frequency: 'Weekly', bedrooms: '2', bathrooms: '1', notes: 'Guest room too.' })
      .expect(201, { message: ACCOUNT_MESSAGES.requested });
    const form = await supertest(app())
      .post('/account/requests')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ cleaningType: 'Move In/Out', frequency: 'One Time', bedrooms: '3', bathrooms: '2' })
      .expect(303);
    expect(form.headers.location).toBe('/account?done=requested');
    const staff = await signIn(app());
    const lead = (await staff.get(`/api/admin/leads/${leadId}`).expect(200)).body as {
      repeatCount: number;
      requests: Array<{ cleaningType: string; notes: string | null }>;
    };
    expect(lead.repeatCount).toBe(2);
    expect(lead.requests.map((request) => request.cleaningType)).toEqual(
      expect.arrayContaining(['Basic', 'Move In/Out']),
    );
    // Nobody signed in: the call is refused and no request is kept.
    await supertest(app())
      .post('/api/account/requests')
      .send({ cleaningType: 'Basic', frequency: 'Weekly', bedrooms: '2', bathrooms: '1' })
      .expect(401);
  });

  it('shows the card on file, never its number, and lets the customer remove it from the page', async () => {
    const { email, leadId } = await customer();
    const cookie = await signInCustomer(email);
    expect((await account(cookie)).card).toBeNull();
    const page = () => supertest(app()).get('/account').set('Cookie', cookie).expect(200);
    expect((await page()).text).toContain('No card on file');
    // A card as the processor's webhook records it (payments' own tests save one through the stand-in).
    const db = reacting.app.db;
    const terms = { terms_version: 'v1', terms_text: 'Charged after each cleaning.', agreed_at: new Date() };
    const [setup] = await db('card_setups')
      .insert({ lead_id: leadId, checkout_session_id: 'cs_account_1', stripe_customer_id: 'cus_1', ...terms })
      .returning('id');
    await db('saved_cards').insert({
      lead_id: leadId,
      setup_id: (setup as { id: string }).id,
      stripe_customer_id: 'cus_1',
      stripe_payment_method_id: 'pm_1',
      brand: 'visa',
      last4: '4242',
      exp_month: 4,
      exp_year: 2028,
      ...terms,
    });
    expect((await account(cookie)).card).toEqual({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2028 });
    expect((await page()).text).toContain('Visa •••• 4242, expires 04/28');

    const remove = () =>
      supertest(app())
        .post('/account/card/remove')
        .set('Cookie', cookie)
        .set('Origin', 'null')
        .set('Sec-Fetch-Site', 'same-origin')
        .type('form')
        .send({});
    const removed = await remove().expect(303);
    expect(removed.headers.location).toBe('/account?done=card-removed');
    expect((await account(cookie)).card).toBeNull();
    expect(await db('audit_log').where({ action: 'card_removed', lead_id: leadId }).select('actor_id')).toEqual([
      { actor_id: null },
    ]);
    expect((await remove().expect(404)).text).toContain(ACCOUNT_MESSAGES.noCard);
    // Another site's form removes nothing, signed in or not.
    await supertest(app())
      .post('/account/card/remove')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
  });

  it('puts the customer’s message on the lead’s thread and tells the assignee', async () => {
    const { email, leadId } = await customer();
    const staff = await signIn(app());
    await staff.patch(`/api/admin/leads/${leadId}`).send({ assignedTo: reacting.app.adminId }).expect(200);
    const cookie = await signInCustomer(email);
    await supertest(app())
      .post('/api/account/messages')
      .set('Cookie', cookie)
      .send({ text: 'Please use the side gate.' })
      .expect(201, { message: ACCOUNT_MESSAGES.messageSent });
    const thread = (await staff.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body.items as Array<{
      direction: string;
      body: string;
    }>;
    expect(thread.find((message) => message.direction === 'in')?.body).toBe('Please use the side gate.');
    const notices = (await staff.get('/api/admin/notifications').expect(200)).body.items as Array<{ kind: string }>;
    expect(notices.map((notice) => notice.kind)).toContain('customer_reply');
    // The page shows the thread, read-only.
    const page = await supertest(app()).get('/account').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Please use the side gate.');
  });
});
