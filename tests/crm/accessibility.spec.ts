import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.describe('CRM accessibility (axe-core)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await scan(page);
  });

  for (const path of ['/admin/dashboard', '/admin/crm', '/admin/crm?section=leads', '/admin/crm?section=analytics']) {
    test(path, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await scan(page);
    });
  }
});
