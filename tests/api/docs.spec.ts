// The API reference (GET /api/docs) in a real browser: Swagger UI renders the generated document under
// the app's CSP, from this server only, with no violation and no console error.
import { expect, test } from '../support/test.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { recordCspViolations } from '../site/support.ts';

test('the API reference renders every call under the CSP, from this server only', async ({ page }) => {
  const violations = await recordCspViolations(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (answer) => {
    if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(E2E_BASE_URL)) foreign.push(request.url());
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).not.toMatch(/unsafe-eval/);
  await expect(page.getByRole('heading', { name: /Shine API/ })).toBeVisible();

  // One operation opened: its parameters and an example built from its body's schema render too.
  const operation = page.locator('#operations-Leads-patchAdminLeadsIdStatus');
  await operation
    .getByRole('button', { name: /\/api\/admin\/leads\/\{id\}\/status/ })
    .first()
    .click();
  await expect(operation.getByText('"status": "New"').first()).toBeVisible();
  await expect(page.locator('.opblock')).toHaveCount(await countOperations(page));

  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
});

async function countOperations(page: import('@playwright/test').Page): Promise<number> {
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
}
