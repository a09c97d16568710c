// Quotes end to end, the customer's side: staff make and send a quote through the API, the customer
// opens /q/{token} in a real browser (axe finds nothing, on a phone too), accepts it with the plain
// HTML form (no preferred dates: the time is asked once), picks a real window of its first cleaning on
// the same page, whose banner then says it is booked, and the lead is Won with the quote's regular
// per-visit price.
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { axeBuilder } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { createLead, signIn } from '../crm/support.ts';

async function scan(page: Page) {
  const results = await (await axeBuilder(page))
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a sent quote is opened, passes axe, is accepted by its form, and the lead is Won', async ({ page }) => {
  await signIn(page);
  const lead = await createLead(page.request, { firstName: 'Quinn', cleaningType: 'Deep', frequency: 'Weekly' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id, total, recurring } = (await draft.json()) as {
    id: string;
    total: string;
    recurring: { perVisitTotal: string } | null;
  };
  // A Weekly quote's first visit carries WELCOME40; its regular per-visit price does not.
  expect(recurring?.perVisitTotal).toBeDefined();
  expect(Number(recurring?.perVisitTotal)).toBeGreaterThan(Number(total));
  const sent = await page.request.post(`/api/admin/quotes/${id}/send`, { data: { email: false } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { url } = (await sent.json()) as { url: string };

  // Nothing the page asks for is missing (a 404 is logged as an error in the customer's console).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cleaning quote, Quinn');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  expect((await page.request.get('/favicon.svg')).status()).toBe(200);
  await expect(page.getByRole('row', { name: /Total/ })).toContainText(`$${total}`);
  await scan(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await scan(page);

  // The time is asked once, in the booking step: the acceptance form asks for no preferred dates.
  const accept = page.locator(`form[action$="/accept"]`);
  await expect(accept.locator('input[type="date"], select')).toHaveCount(0);
  await page.getByLabel('Full name').fill('Quinn Tester');
  await page.getByRole('button', { name: 'Accept quote' }).click();
  const thanks = page.getByRole('status').filter({ hasText: 'Thank you, you accepted this quote' });
  await expect(thanks).toContainText('Pick your first cleaning below.');
  // The cleaning is booked on this page, never on the outside booking site (which invited booking twice).
  const booking = page.getByRole('region', { name: 'Book your first cleaning' });
  await expect(booking).toBeVisible();
  await expect(page.locator(`a[href*="${new URL(DEFAULT_COMPANY.bookingUrl).hostname}"]`)).toHaveCount(0);
  await scan(page);

  // A real arrival window, picked once; then the page says it is booked and invites no more picking.
  await booking.getByLabel('Street address').fill('4521 Elm Street');
  await booking.getByLabel('City').fill('Plano');
  await booking.getByLabel('ZIP code').fill('75024');
  await booking.getByRole('radio').first().check();
  await booking.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('region', { name: 'Your cleaning is booked' })).toBeVisible();
  await expect(thanks).toContainText('Your cleaning is booked: the time is below.');
  await expect(page.getByText('Pick your first cleaning')).toHaveCount(0);
  await scan(page);
  expect(consoleErrors).toEqual([]);

  const after = await page.request.get(`/api/admin/leads/${lead.id}`);
  // Won at the regular per-visit price, the value every later visit brings (not the first visit's).
  expect(await after.json()).toMatchObject({
    status: 'Won',
    estimatedValue: Number(recurring?.perVisitTotal),
    frequency: 'Weekly',
  });
});

test('an unknown quote link says so and offers a new quote, without axe violations', async ({ page }) => {
  const response = await page.goto(`/q/${'Z'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Request a new quote' })).toHaveAttribute('href', '/quote');
  await scan(page);
});

test('a withdrawn quote’s link says so with the phone number, on a phone, and passes axe', async ({ page }) => {
  await signIn(page);
  const lead = await createLead(page.request, { firstName: 'Wren', cleaningType: 'Basic', frequency: 'One Time' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as { id: string };
  const sent = await page.request.post(`/api/admin/quotes/${id}/send`, { data: { email: false } });
  expect(sent.status(), await sent.text()).toBe(200);
  const path = new URL(((await sent.json()) as { url: string }).url).pathname;
  const token = path.split('/').pop() ?? '';
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: 'Wren Tester' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const withdrawn = await page.request.post(`/api/admin/quotes/${id}/withdraw`);
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(path);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This quote was withdrawn');
  await expect(page.getByText(/This quote was withdrawn; call us at/)).toContainText(DEFAULT_COMPANY.phone);
  const call = page.getByRole('link', { name: `Call us at ${DEFAULT_COMPANY.phone}` });
  await expect(call).toHaveAttribute('href', `tel:${DEFAULT_COMPANY.phone.replace(/[^\d+]/g, '')}`);
  expect((await call.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  // Nothing on the page books, accepts or changes anything.
  await expect(page.locator('form')).toHaveCount(0);
  await scan(page);
});
