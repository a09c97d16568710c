// The customer's account on a 390 px phone: they ask for a sign-in link on /account (no password),
// read it from the SMTP server this spec starts, sign in, and skip one visit of their weekly series
// with the page's plain form; every step axe clean, the buttons 44 px touch targets. The salesperson's
// Schedule, open meanwhile in another browser, shows that visit skipped without a reload. It runs
// against the mail server of the config, alone (SOLO_SPECS in playwright.config.ts).
import type { Locator, Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { E2E_MAIL_BASE_URL, E2E_SMTP_PORT } from '../support/env.ts';
import { decodedText, type SmtpCapture, startSmtpCapture } from '../support/smtp-capture.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

const TIME_ZONE = 'America/Chicago';
const DAY = 86_400_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: TIME_ZONE };

test.use({ ...PHONE, baseURL: E2E_MAIL_BASE_URL });

let smtp: SmtpCapture | undefined;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

async function expectAxeClean(page: Page) {
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectTouchTarget(target: Locator) {
  expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
}

/** Monday (UTC date of the Chicago calendar) of the week holding `date` ("YYYY-MM-DD"). */
function mondayKey(date: string): number {
  const day = new Date(`${date}T12:00:00Z`);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
}

test('a customer signs in by the e-mailed link on a phone, skips a visit, and the Schedule shows it skipped live', async ({
  page,
  browser,
}) => {
  test.slow(); // mail round trips on a shared, busy machine
  await signIn(page);
  const name = uniqueName('Account');
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead(page.request, { firstName: name, email, cleaningType: 'Basic', frequency: 'Weekly' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { slots } = (await (await page.request.get(`/api/quotes/${token}/slots`)).json()) as {
    slots: Array<{ start: string }>;
  };
  let visits: Array<{ id: string; start: string }> = [];
  for (const slot of slots.slice(0, 5)) {
    const booked = await page.request.post(`/api/quotes/${token}/booking`, {
      data: { start: slot.start, address: { line1: '18 Willow Way', city: 'Plano', zip: '75024' } },
    });
    if (booked.status() === 201) {
      visits = ((await booked.json()) as { booking: { visits: typeof visits } }).booking.visits;
      break;
    }
  }
  const second = visits[1];
  if (!second) throw new Error('no weekly series booked');

  // The salesperson's Schedule, on the week of the second visit.
  await page.goto('/admin/crm?section=schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const weeks = Math.round((mondayKey(second.start.slice(0, 10)) - mondayKey(today)) / (7 * DAY));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${name} Tester`) }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`${name} Tester.*skipped`) })).toHaveCount(0);

  // The customer, on their own phone.
  const phone = await browser.newContext({ ...PHONE, baseURL: E2E_MAIL_BASE_URL, reducedMotion: 'reduce' });
  const customer = await phone.newPage();
  await customer.goto('/account');
  await expect(customer.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expectAxeClean(customer);
  await customer.getByLabel('E-mail address').fill(email);
  const ask = customer.getByRole('button', { name: 'Send me a sign-in link' });
  await expectTouchTarget(ask);
  await ask.click();
  await expect(customer.getByRole('status')).toContainText('a sign-in link is on its way');

  // The booking e-mails went to the same address: the one with a sign-in link.
  const linkOf = () =>
    (smtp?.received ?? [])
      .filter((received) => received.to.includes(email))
      .map((mail) => /\/account\/sign-in\/[A-Za-z0-9_-]+/.exec(decodedText(mail.raw))?.[0])
      .find(Boolean);
  await expect.poll(linkOf, { timeout: 15_000 }).toBeTruthy();
  await customer.goto(linkOf() ?? '');
  await expect(customer.getByRole('heading', { name: `Hello, ${name}` })).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Upcoming cleanings' })).toBeVisible();
  await expectAxeClean(customer);

  const skip = customer
    .locator(`form[action="/account/visits/${second.id}"]`)
    .getByRole('button', { name: /^Skip this visit/ });
  await expectTouchTarget(skip);
  await skip.click();
  await expect(customer.getByRole('status')).toContainText('that visit is skipped');
  await expect(customer.locator(`#visit-${second.id}`).locator('xpath=..')).toContainText('Skipped');
  await expectAxeClean(customer);
  await phone.close();

  // Live on the salesperson's Schedule: no reload.
  await expect(page.getByRole('button', { name: new RegExp(`${name} Tester.*skipped`) })).toBeVisible();
});
