import { axeBuilder } from '../support/axe.ts';
import { MESSAGES } from '@shine/shared/messages';
import type { AutomationRecipeState } from '@shine/shared/responses/automations';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signIn, toast } from './support.ts';

// The chase recipe: a no_activity rule of 2 days, so switching it on acts on no lead of this run
// (every spec's leads are minutes old); the spec deletes the rule it made when done.
const RECIPE = 'chase-after-2-days';
const NAME = 'Chase after 2 days without activity';

async function recipeState(page: Page): Promise<AutomationRecipeState | undefined> {
  const response = await page.request.get('/api/admin/automations/recipes');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AutomationRecipeState[]).find((state) => state.key === RECIPE);
}

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test.describe('sidebar CRM: automation recipes', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    // Its own starting point: the recipe not added yet, whatever ran before on this database.
    const state = await recipeState(page);
    if (state?.automationId) {
      expect((await page.request.delete(`/api/admin/automations/${state.automationId}`)).status()).toBe(204);
    }
  });

  test.afterEach(async ({ page }) => {
    const state = await recipeState(page);
    if (state?.automationId) await page.request.delete(`/api/admin/automations/${state.automationId}`);
  });

  test('one keyboard press adds a recipe as an inactive rule, shown as added; its switch turns it on', async ({
    page,
  }) => {
    await page.goto('/admin/crm?section=automations');
    const recipes = page.getByRole('list', { name: 'Suggested automations' });
    const item = recipes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NAME, level: 3 }) });
    const add = item.getByRole('button', { name: `Add ${NAME}` });
    await expect(add).toBeVisible();
    await expectNoSeriousAxeViolation(page);

    await add.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, MESSAGES.automation.recipeAdded)).toBeVisible();
    await expect(item).toContainText('Added · Inactive');
    await expect(add).toHaveCount(0);

    const rule = page.locator('.automation-card').filter({ has: page.getByRole('heading', { name: NAME }) });
    await expect(rule).toHaveCount(1);
    await expect(rule).toContainText('Inactive');
    await expect(rule).toContainText('after 2 days');
    await expect(rule).toContainText('Create task: Chase: no activity for 2 days (due in 2 h)');

    await rule.getByRole('switch', { name: `Active: ${NAME}` }).click();
    await expect(toast(page, MESSAGES.automation.statusUpdated)).toBeVisible();
    await expect(rule.getByRole('switch', { name: `Active: ${NAME}` })).toBeChecked();
    await expect(item).toContainText('Added · Active');
    expect((await recipeState(page))?.automationId).not.toBeNull();
  });

  test('on a phone the recipes fit the screen with 44 px buttons and no serious axe violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/crm?section=automations');
    const add = page.getByRole('button', { name: `Add ${NAME}` });
    await expect(add).toBeVisible();
    for (const button of await page.getByRole('list', { name: 'Suggested automations' }).getByRole('button').all()) {
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolation(page);
  });
});
