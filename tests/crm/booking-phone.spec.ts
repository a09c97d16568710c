// The customer's quote page on a 390 px phone (plain HTML forms): accept the quote, pick one of
// the free arrival windows, and see the booking with its next visits and how to change it; no axe
// violations at each step, and 44 px touch targets for the windows and the buttons.
import { axeBuilder } from '../support/axe.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

// The page has no script at all (api/test/scheduling.test.ts checks it); axe needs the browser's own.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height, await target.evaluate((node) => node.outerHTML.slice(0, 120))).toBeGreaterThanOrEqual(44);
}

async function expectAxeClean(page: Page) {
  const results = await (await axeBuilder(page))
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a customer accepts the quote and books the first cleaning on a phone', async ({ page }) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Booker');
  const lead = await createLead(page.request, { firstName: name, cleaningType: 'Basic', frequency: 'Biweekly' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { url } = (await sent.json()) as { url: string };

  await page.goto(new URL(url).pathname);
  await page.getByLabel('Full name').fill(`${name} Tester`);
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, you accepted this quote' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Book your first cleaning' })).toBeVisible();
  await expect(page.getByText(/^Each cleaning after that: \$/)).toBeVisible();
  await expect(page.locator('a[href*="book.lonestarshine"]')).toHaveCount(0);
  await expectAxeClean(page);
  const windows = page.getByRole('radio');
  expect(await windows.count()).toBeGreaterThan(3);
  for (const label of (await page.locator('label.slot').all()).slice(0, 6)) await expectTouchTarget(label);
  await expectTouchTarget(page.getByRole('button', { name: 'Book this time' }));

  // Where to clean, asked before the first booking; each field a full touch target.
  await expectTouchTarget(page.getByLabel('Street address'));
  await page.getByLabel('Street address').fill('4521 Elm Street');
  await page.getByLabel('City').fill('Plano');
  await page.getByLabel('ZIP code').fill('75024');
  const first = page.locator('label.slot').first();
  const chosen = (await first.textContent())?.trim() ?? '';
  await first.click();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { name: 'Your cleaning is booked' })).toBeVisible();
  await expect(page.getByText(/^Next:/)).toContainText(chosen.split(' – ')[0] ?? chosen);
  await expect(page.getByText('Change the time')).toBeVisible();
  await expect(page.getByText('Cancel the booking')).toBeVisible();
  await expectAxeClean(page);
});
