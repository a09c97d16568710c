import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { waitForIsland } from './support.ts';

const GROUPS = [
  'General Questions',
  'Booking & Scheduling',
  'Cleaning Products & Safety',
  'Payment & Pricing',
  'Quality & Guarantee',
  'Preparation & Special Requests',
];

async function openFaq(page: Page): Promise<Locator> {
  await page.goto('/faq');
  await waitForIsland(page, 'FaqAccordion');
  return page.locator('button.faq-item__trigger');
}

async function panelOf(page: Page, trigger: Locator): Promise<Locator> {
  const id = await trigger.getAttribute('aria-controls');
  return page.locator(`#${id}`);
}

test.describe('FAQ accordion', () => {
  test('six groups of four questions; initially only the first question of the first group is open', async ({
    page,
  }) => {
    const triggers = await openFaq(page);
    for (const group of GROUPS) await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    await expect(triggers).toHaveCount(24);
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('button.faq-item__trigger[aria-expanded="true"]')).toHaveCount(1);
    await expect(await panelOf(page, triggers.first())).toBeVisible();
    await expect(await panelOf(page, triggers.nth(1))).toBeHidden();
  });

  test('the initial state is in the server-rendered HTML, before hydration', async ({ request }) => {
    const html = await (await request.get('/faq')).text();
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(1);
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(23);
  });

  test('questions toggle independently and several stay open', async ({ page }) => {
    const triggers = await openFaq(page);
    const second = triggers.nth(1);
    const fifth = triggers.nth(4);
    await second.click();
    await fifth.click();
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(fifth).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(page, fifth)).toBeVisible();

    await triggers.first().click();
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(page, triggers.first())).toBeHidden();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(fifth).toHaveAttribute('aria-expanded', 'true');
  });

  test('works by keyboard: Enter and Space toggle, arrows and Home/End move between questions', async ({ page }) => {
    const triggers = await openFaq(page);
    await triggers.first().focus();
    await page.keyboard.press('Enter');
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(triggers.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await expect(triggers.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(triggers.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(triggers.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(triggers.first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(triggers.nth(1)).toBeFocused();
  });

  test('each button controls a panel that exists', async ({ page }) => {
    const triggers = await openFaq(page);
    for (const trigger of await triggers.all()) {
      const panel = await panelOf(page, trigger);
      await expect(panel).toHaveCount(1);
    }
  });
});
