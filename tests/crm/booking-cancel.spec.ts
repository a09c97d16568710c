// The customer cancels on the quote page: the page offers booking again, and the customer's
// cancellation e-mail, read from the SMTP server this spec starts, carries a calendar file
// (METHOD:CANCEL) that removes exactly the events their booking e-mail added: the same UIDs, one
// revision on, STATUS:CANCELLED. It runs against the quote-mail server of the config
// (E2E_MAIL_BASE_URL), alone (SOLO_SPECS in playwright.config.ts): other specs listen on the same
// SMTP port.
import { expect, test } from '../support/test.ts';
import { calendarPartOf, parseCalendar } from '../support/calendar-mail.ts';
import { E2E_MAIL_BASE_URL, E2E_SMTP_PORT } from '../support/env.ts';
import { decodedText, type SmtpCapture, startSmtpCapture } from '../support/smtp-capture.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

test.use({ baseURL: E2E_MAIL_BASE_URL, timezoneId: 'America/Chicago' });

let smtp: SmtpCapture | undefined;

test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

test('a customer who cancels on the quote page is e-mailed a METHOD:CANCEL file of exactly their visits', async ({
  page,
}) => {
  test.slow(); // mail round trips on a shared, busy machine
  await signIn(page);
  const name = uniqueName('Cancel');
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead(page.request, { firstName: name, email, cleaningType: 'Basic', frequency: 'Weekly' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The customer books on the page: the first free window.
  await page.goto(`/q/${token}`);
  await page.getByLabel('Street address').fill('4521 Elm Street');
  await page.getByLabel('City').fill('Plano');
  await page.getByLabel('ZIP code').fill('75024');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { name: 'Your cleaning is booked' })).toBeVisible();

  const mails = () => (smtp?.received ?? []).filter((mail) => mail.to.includes(email));
  const withCalendar = (method: string) =>
    mails()
      .map((mail) => calendarPartOf(mail.raw))
      .map((text) => (text ? parseCalendar(text) : undefined))
      .find((file) => file?.method === method);
  await expect.poll(() => withCalendar('PUBLISH') !== undefined, { timeout: 15_000 }).toBe(true);
  const booked = withCalendar('PUBLISH');
  const bookedUids = (booked?.events ?? []).map((event) => event.UID);
  expect(bookedUids.length).toBeGreaterThan(1);
  expect(new Set(bookedUids).size).toBe(bookedUids.length);

  // The customer cancels on the page.
  await page.getByText('Cancel the booking').click();
  await page.getByRole('button', { name: 'Cancel my cleaning' }).click();
  await expect(page.getByText('Your earlier booking was cancelled.')).toBeVisible();

  await expect.poll(() => withCalendar('CANCEL') !== undefined, { timeout: 15_000 }).toBe(true);
  const cancelMail = mails().find((mail) => calendarPartOf(mail.raw)?.includes('METHOD:CANCEL'));
  expect(decodedText(cancelMail?.raw ?? '')).toContain('Your booking is cancelled');
  const cancelled = withCalendar('CANCEL');
  expect((cancelled?.events ?? []).map((event) => event.UID)).toEqual(bookedUids);
  for (const event of cancelled?.events ?? []) {
    expect(event.STATUS).toBe('CANCELLED');
    const before = booked?.events.find((other) => other.UID === event.UID);
    expect(Number(event.SEQUENCE)).toBe(Number(before?.SEQUENCE ?? 0) + 1);
  }
});
