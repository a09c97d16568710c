import { axeBuilder } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { PUBLIC_ROUTES, waitForIsland } from './support.ts';

async function scan(page: Page) {
  const results = await (await axeBuilder(page))
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  for (const route of [...PUBLIC_ROUTES.map((r) => r.path), '/no-such-page']) {
    test(`${route} has no violations`, async ({ page }) => {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await scan(page);
    });
  }

  test('the quote form with every error shown has no violations', async ({ page }) => {
    await page.goto('/quote');
    await waitForIsland(page, 'QuoteForm');
    await page.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(9);
    await scan(page);
  });

  test('the mobile layout with the menu open has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.locator('summary.mobile-menu__toggle').click();
    await scan(page);
  });
});
