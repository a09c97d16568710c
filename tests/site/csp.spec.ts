import { expect, test } from '../support/test.ts';
import { PUBLIC_ROUTES, recordCspViolations, waitForIsland } from './support.ts';

const ISLANDS: Record<string, string[]> = {
  '/quote': ['QuoteForm'],
  '/thank-you': ['PromoCodeCopy'],
  '/contact': ['ContactForm', 'FaqAccordion'],
  '/faq': ['FaqAccordion'],
};

test.describe('Content-Security-Policy', () => {
  test('the server sends a CSP without unsafe-inline scripts', async ({ request }) => {
    const response = await request.get('/');
    const csp = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} loads and hydrates with no CSP violation`, async ({ page }) => {
      const violations = await recordCspViolations(page);
      await page.goto(route.path);
      for (const island of ISLANDS[route.path] ?? []) await waitForIsland(page, island);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('the forms validate under the CSP (lazily loaded validation included)', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto('/quote');
    await waitForIsland(page, 'QuoteForm');
    await page.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await violations()).toEqual([]);
    await page.goto('/contact');
    await waitForIsland(page, 'ContactForm');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await violations()).toEqual([]);
  });
});
