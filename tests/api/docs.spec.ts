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

  // Every tag is listed, closed; each opened in turn shows its calls (all of them at once is more than
  // Swagger UI renders: docs.routes.ts).
  const callsByTag = await callsPerTag(page);
  const tags = page.locator('.opblock-tag-section');
  await expect(tags).toHaveCount(callsByTag.size);
  for (const [tag, calls] of callsByTag) {
    const section = tags.filter({ has: page.locator(`[data-tag="${tag}"]`) });
    await section.locator('.opblock-tag').click();
    await expect(section.locator('.opblock')).toHaveCount(calls);
    await section.locator('.opblock-tag').click();
    await expect(section.locator('.opblock')).toHaveCount(0);
  }

  // One operation opened: its parameters and an example built from its body's schema render too.
  await tags
    .filter({ has: page.locator('[data-tag="Leads"]') })
    .locator('.opblock-tag')
    .click();
  const operation = page.locator('#operations-Leads-patchAdminLeadsIdStatus');
  await operation
    .getByRole('button', { name: /\/api\/admin\/leads\/\{id\}\/status/ })
    .first()
    .click();
  await expect(operation.getByText('"status": "New"').first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
});

/** Each tag of the document with its number of calls (every call has one tag). */
async function callsPerTag(page: import('@playwright/test').Page): Promise<Map<string, number>> {
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const counts = new Map<string, number>();
  for (const methods of Object.values(document.paths)) {
    for (const call of Object.values(methods)) {
      for (const tag of call.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return counts;
}
