import { MESSAGES } from '@shine/shared/messages';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { waitForIsland } from './support.ts';

/** Raises an error toast on the quote page: a valid form against a stubbed failing API. */
async function raiseToast(page: Page, message: string) {
  await page.unroute('**/api/leads');
  await page.route('**/api/leads', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message }) }),
  );
  await page.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect(page.locator('.toast')).toContainText(message);
}

/**
 * Waits until the toast's entrance animation and any snap-back transition have finished, so a pointer
 * aimed at its box lands where the toast will stay (a swipe that ends short slides back over 0.2 s).
 */
async function settled(toast: Locator) {
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

async function openFilledQuoteForm(page: Page) {
  await page.goto('/quote');
  await waitForIsland(page, 'QuoteForm');
  await page.getByLabel('First Name').fill('Toast');
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email Address').fill('toast@example.com');
  await page.getByLabel('Phone Number').fill('2145550100');
  await page.getByLabel('Zip Code').fill('76102');
  await page.getByLabel('Number of Bedrooms').selectOption('1');
  await page.getByLabel('Number of Bathrooms').selectOption('1');
  await page.getByLabel('Cleaning Type').selectOption('Basic');
  await page.getByLabel('Cleaning Frequency').selectOption('Weekly');
}

test.describe('toasts', () => {
  test('at most one toast is visible: a new one replaces the current one', async ({ page }) => {
    await openFilledQuoteForm(page);
    await raiseToast(page, 'First failure');
    await raiseToast(page, 'Second failure');
    await expect(page.locator('.toast')).toHaveCount(1);
    await expect(page.locator('.toast')).toContainText(MESSAGES.quote.errorTitle);
  });

  test('disappears after 5 seconds', async ({ page }) => {
    await page.clock.install();
    await openFilledQuoteForm(page);
    // The page's clock stops before the toast is raised, so only runFor moves the toast's timer: real
    // time spent raising it and checking it (seconds on a loaded machine) is not counted.
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(pageNow + 1_000);
    await page.mouse.move(0, 0); // not hovering: hover pauses the timer
    await raiseToast(page, 'Timed failure');
    await page.clock.runFor(4_990);
    await expect(page.locator('.toast')).toHaveCount(1);
    await page.clock.runFor(20);
    await expect(page.locator('.toast')).toHaveCount(0);
  });

  test('F8 focuses the notification region; Escape and the close button dismiss', async ({ page }) => {
    await openFilledQuoteForm(page);
    await raiseToast(page, 'Keyboard failure');
    await page.keyboard.press('F8');
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(region.locator('ol')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Close notification' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.toast')).toHaveCount(0);

    await raiseToast(page, 'Click failure');
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(page.locator('.toast')).toHaveCount(0);
  });

  test('a swipe right of 50 px dismisses; a shorter one does not', async ({ page }) => {
    await openFilledQuoteForm(page);
    await raiseToast(page, 'Swipe failure');
    const toast = page.locator('.toast');
    await settled(toast);
    const box = await toast.boundingBox();
    if (!box) throw new Error('toast has no box');
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(1);
    await expect(toast).not.toHaveAttribute('style', /translateX/);
    await settled(toast);

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y, { steps: 6 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('the viewport is at most 420 px wide on medium screens and up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openFilledQuoteForm(page);
    await raiseToast(page, 'Width failure');
    const box = await page.locator('.toast-viewport__list').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(420);
  });
});
