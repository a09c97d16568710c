import { expect, test } from '../support/test.ts';
import {
  CRM_SCREEN_PATHS,
  createLead,
  createLeadFamily,
  documentOverflow,
  searchLeads,
  signIn,
  waitForCrmScreen,
} from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('the leads table fits a laptop', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  for (const width of [1280, 1440]) {
    test(`at ${width} px, Value, Follow-up and Created are on screen without scrolling`, async ({ page, request }) => {
      const name = uniqueName('Fit');
      await createLead(request, { firstName: name, email: `${name.toLowerCase()}.a.rather.long.address@example.com` });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/crm?section=leads');
      await searchLeads(page, name);
      const box = page.getByRole('region', { name: 'Leads table' });
      const row = page.locator('tr.lead-row').filter({ hasText: name });
      await expect(row).toBeVisible();
      const edge = await box.evaluate((element) => element.getBoundingClientRect().right);
      for (const header of ['Value', 'Follow-up', 'Created']) {
        const cell = page.getByRole('columnheader', { name: header });
        await expect(cell).toBeInViewport({ ratio: 1 });
        const right = await cell.evaluate((element) => element.getBoundingClientRect().right);
        expect(right, `${header} ends inside the table's box`).toBeLessThanOrEqual(edge + 0.5);
      }
      // The folded columns are still there, inside the Name cell.
      await expect(
        row.getByRole('link', { name: `${name.toLowerCase()}.a.rather.long.address@example.com` }),
      ).toBeVisible();
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      expect(await documentOverflow(page)).toBe(0);
    });
  }

  test('in a narrower window the table scrolls in its own box, whose scrollbar is on screen with the rows', async ({
    page,
    request,
  }) => {
    const family = await createLeadFamily(request, 'Bar', 12);
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await expect(page.locator('tr.lead-row')).toHaveCount(12);
    const box = page.getByRole('region', { name: 'Leads table' });
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await documentOverflow(page)).toBe(0);
    // With the first rows under the page's header, the box's bottom edge (its scrollbar) is on screen.
    const bottom = await box.evaluate((element) => {
      const header = document.querySelector('.crm-header')?.getBoundingClientRect().height ?? 0;
      window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - header, behavior: 'instant' });
      return element.getBoundingClientRect().bottom;
    });
    expect(bottom).toBeLessThanOrEqual(700);
  });

  test('no CRM screen scrolls sideways at 1280 or 390 px', async ({ page }) => {
    test.slow(); // every section at two widths
    const overflowing: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of CRM_SCREEN_PATHS) {
        await page.goto(path);
        await waitForCrmScreen(page);
        const overflow = await documentOverflow(page);
        if (overflow > 0) overflowing.push(`${path} at ${width}: ${overflow} px`);
      }
    }
    expect(overflowing).toEqual([]);
  });
});
