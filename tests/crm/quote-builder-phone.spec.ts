// The quote builder of the lead drawer on a phone: no axe violations with a draft open,
// 44 px touch targets, and the draft saved from the keyboard.
import { axeBuilder } from '../support/axe.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** At least 44 CSS pixels high (and wide): a touch target on a phone. */
async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height, await target.evaluate((node) => node.outerHTML.slice(0, 120))).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

test('the quote builder on a phone: axe clean, 44 px targets, saved from the keyboard', async ({ page }) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('QuotePhone');
  const lead = await createLead(page.request, { firstName: name });
  await page.goto(`/admin/crm?section=leads&lead=${lead.id}`);
  const drawer = page.getByRole('dialog', { name: `${name} Tester` });
  await drawer.getByRole('button', { name: 'Create quote' }).click();
  const form = drawer.getByRole('form', { name: 'Quote v1 (draft)' });
  await expect(form).toBeVisible();

  const results = await (await axeBuilder(page))
    .include('.quote-builder')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  for (const button of await form.getByRole('button').all()) await expectTouchTarget(button);
  for (const field of await form.locator('.ant-input, .ant-input-number, .ant-select').all()) {
    await expectTouchTarget(field);
  }
  await expectTouchTarget(form.locator('.ant-checkbox-wrapper'));
  await expectTouchTarget(drawer.getByRole('link', { name: 'PDF of quote v1' }));

  await form.getByLabel('Message to the customer').fill('Thanks for asking.');
  await form.getByRole('button', { name: 'Save draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
});
