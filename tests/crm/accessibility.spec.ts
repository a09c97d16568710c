import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createLead, signIn } from './support.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';

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

  for (const path of [
    '/admin/dashboard',
    '/admin/crm',
    '/admin/crm?section=leads',
    '/admin/crm?section=held',
    '/admin/crm?section=analytics',
    '/admin/crm?section=team',
    '/admin/crm?section=audit',
  ]) {
    test(path, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await scan(page);
    });
  }

  test('set-up password page (a link with a token)', async ({ page }) => {
    await page.goto('/admin/setup-password/an-unused-token-of-forty-characters-long-x');
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await scan(page);
  });

  for (const width of [1280, 390]) {
    test(`held submission and a lead's requests with "Details differ" at ${width} px`, async ({ page, request }) => {
      const name = uniqueName('Axe');
      const phone = uniquePhone();
      await createLead(request, { firstName: name, phone });
      await createLead(request, { firstName: `${name}b`, lastName: 'Other', email: `${name}b@other.example`, phone });
      const held = await request.post('/api/leads', {
        data: {
          firstName: name,
          lastName: 'Held',
          email: `${name.toLowerCase()}.held@example.com`,
          phone: uniquePhone(),
          zipcode: '75201',
          bedrooms: '2',
          bathrooms: '1',
          cleaningType: 'Basic',
          frequency: 'Weekly',
          website: 'filled by a bot',
        },
      });
      expect(held.status()).toBe(201);
      await page.setViewportSize({ width, height: 844 });
      await signIn(page);
      await page.goto('/admin/crm?section=held');
      await expect(page.getByRole('heading', { name: `${name} Held` })).toBeVisible();
      await page.getByText('More details').first().click();
      await scan(page);

      await page.goto('/admin/crm?section=leads');
      await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
      await page
        .getByRole('button', { name: `${name} Tester`, exact: true })
        .first()
        .click();
      const requests = page.getByRole('dialog').getByRole('region', { name: 'Requests' });
      await expect(requests.getByRole('note')).toContainText('Details differ');
      await scan(page);
    });
  }
});
