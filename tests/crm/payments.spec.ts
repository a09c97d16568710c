// Getting paid: a completed visit's invoice e-mail, read from the SMTP server this spec starts, holds
// the pay link; on a 390 px phone the page shows the invoice and how to pay by cash or check, with no
// axe violations and 44 px touch targets; staff record the cash in the CRM's Payments section and the
// customer's receipt follows. Against the quote-mail server of the config (E2E_MAIL_BASE_URL), alone
// (SOLO_SPECS in playwright.config.ts): other specs listen on the same SMTP port.
import { axeBuilder } from '../support/axe.ts';
import { E2E_MAIL_BASE_URL, E2E_SMTP_PORT } from '../support/env.ts';
import { decodedText, type SmtpCapture, startSmtpCapture } from '../support/smtp-capture.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn, toast } from './support.ts';

test.use({ baseURL: E2E_MAIL_BASE_URL, timezoneId: 'America/Chicago' });

let smtp: SmtpCapture | undefined;

test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

test('the pay link works on a phone, and staff record the cash in Payments; the customer gets the receipt', async ({
  page,
  browser,
}) => {
  test.slow(); // mail round trips on a shared, busy machine
  await signIn(page);
  const name = uniqueName('Payer');
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead(page.request, { firstName: name, email, cleaningType: 'Basic', frequency: 'One Time' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const slots = (await (await page.request.get(`/api/quotes/${token}/slots`)).json()) as { slots: { start: string }[] };
  const booked = await page.request.post(`/api/quotes/${token}/booking`, {
    data: { start: slots.slots[0]?.start, address: { line1: '4521 Elm Street', city: 'Plano', zip: '75024' } },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const visitId = ((await booked.json()) as { booking: { visits: { id: string }[] } }).booking.visits[0]?.id;
  const done = await page.request.patch(`/api/admin/visits/${visitId}`, {
    data: { status: 'completed', confirmEarly: true },
  });
  expect(done.status(), await done.text()).toBe(200);

  const mails = () =>
    (smtp?.received ?? []).filter((mail) => mail.to.includes(email)).map((mail) => decodedText(mail.raw));
  await expect.poll(() => mails().find((text) => text.includes('/i/')), { timeout: 15_000 }).toBeTruthy();
  const invoiceMail = mails().find((text) => text.includes('/i/')) ?? '';
  const link = /https?:\/\/[^\s)]+\/i\/[\w-]+/.exec(invoiceMail)?.[0] ?? '';
  const number = /INV-\d{6}/.exec(invoiceMail)?.[0] ?? '';
  expect(number).not.toBe('');

  // The customer's page on a phone: no script, the invoice and how to pay.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: E2E_MAIL_BASE_URL,
  });
  try {
    const customer = await phone.newPage();
    await customer.goto(new URL(link).pathname);
    await expect(customer.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
    await expect(customer.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    await expect(customer.getByText(`write the invoice number, ${number}`)).toBeVisible();
    const call = customer.getByRole('link', { name: /^Call us at/ });
    expect((await call.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const results = await (await axeBuilder(customer))
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await phone.close();
  }

  // Staff take the cash at the door and record it.
  await page.goto('/admin/crm/payments');
  await page.getByRole('button', { name: number }).click();
  const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  const balance = (await drawer.getByTestId('invoice-balance').textContent()) ?? '';
  expect(balance).toMatch(/^\$\d/);
  await expect(drawer.getByLabel('Amount ($)')).toHaveValue(balance.slice(1).replace(',', ''));
  await drawer.getByRole('button', { name: 'Record cash / check' }).click();
  await expect(toast(page, `Cash of ${balance} recorded`)).toBeVisible();
  await expect(drawer.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(drawer.locator('.tone-tag', { hasText: 'Paid' })).toBeVisible();

  await expect
    .poll(() => mails().find((text) => text.includes(`${balance} received`)), { timeout: 15_000 })
    .toBeTruthy();
});
