// Addresses for everything: a dashboard figure opens the list it counts, a lead's link opens its
// drawer in a new tab, Back and Forward step through it; and the compact table fits 12 leads on a
// 1280 × 800 screen without wrapping an address or a header.
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, leadRow, searchLeads, signIn, waitForCrmScreen } from './support.ts';

test.describe('CRM addresses', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the Overdue Follow-ups card opens Leads filtered to overdue follow-ups', async ({ page }) => {
    const family = uniqueName('Late');
    const late = await createLead(page.request, { firstName: `${family}A` });
    const later = await createLead(page.request, { firstName: `${family}B` });
    const past = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await page.request.patch(`/api/admin/leads/${late.id}`, { data: { nextFollowUpAt: past } })).status()).toBe(
      200,
    );
    expect(
      (await page.request.patch(`/api/admin/leads/${later.id}`, { data: { nextFollowUpAt: future } })).status(),
    ).toBe(200);

    await page.goto('/admin/crm');
    await page.getByTestId('metric-overdue').click();
    await expect(page).toHaveURL(/\/admin\/crm\/leads\?.*followUp=overdue/);
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Other filters' })).toContainText('Follow-up overdue');
    await searchLeads(page, family);
    await expect(leadRow(page, `${family}A Tester`)).toBeVisible();
    await expect(leadRow(page, `${family}B Tester`)).toHaveCount(0);

    // The filter comes off with its own button.
    await page.getByRole('button', { name: 'Remove filter Follow-up overdue' }).click();
    await expect(page).not.toHaveURL(/followUp=/);
    await expect(leadRow(page, `${family}B Tester`)).toBeVisible();
  });

  test('a lead’s link pasted into a new tab opens its drawer; Back and Forward close and open it', async ({
    page,
    context,
  }) => {
    const name = uniqueName('Link');
    await createLead(page.request, { firstName: name });
    await page.goto('/admin/crm/leads');
    await searchLeads(page, name);
    await leadRow(page, `${name} Tester`)
      .getByRole('button', { name: `${name} Tester`, exact: true })
      .click();
    const drawer = page.getByRole('dialog', { name: `${name} Tester` });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/[?&]lead=[0-9a-f-]{36}/);
    const link = page.url();

    const pasted = await context.newPage();
    await pasted.goto(link);
    await expect(pasted.getByRole('dialog', { name: `${name} Tester` })).toBeVisible();
    await expect(pasted.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await pasted.close();

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/lead=/);
    await page.goBack();
    await expect(page.getByRole('dialog', { name: `${name} Tester` })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('dialog', { name: `${name} Tester` })).toBeHidden();
  });

  test('a sidebar item is a link to its section’s own address', async ({ page }) => {
    await page.goto('/admin/crm');
    const nav = page.getByRole('navigation', { name: 'CRM sections' });
    await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/admin/crm/analytics');
    await nav.getByRole('menuitem', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/admin\/crm\/analytics(\?|$)/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // An address from before sections had their own still goes to the same place.
    await page.goto('/admin/crm?section=templates');
    await expect(page).toHaveURL(/\/admin\/crm\/templates$/);
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  });

  test('compact: 12 leads on a 1280 × 800 screen, nothing wrapped, and the choice is remembered', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const family = uniqueName('Dense');
    for (let i = 0; i < 13; i += 1) {
      await createLead(page.request, {
        firstName: `${family}${String(i).padStart(2, '0')}`,
        email: `a.rather.long.address.${family.toLowerCase()}.${i}@some-cleaning-customer.example.com`,
      });
    }
    await page.goto('/admin/crm/leads');
    await page.getByText('Compact', { exact: true }).click();
    await searchLeads(page, family);
    await expect(page.locator('tr.lead-row')).toHaveCount(13);
    await waitForCrmScreen(page);

    const fits = async () =>
      page.evaluate(() => {
        const rows = [...document.querySelectorAll('tr.lead-row')];
        // On the screen and inside the table's own scrolling box.
        const scroller = document.querySelector('.leads-table-scroll')?.getBoundingClientRect();
        const bottom = Math.min(window.innerHeight, scroller?.bottom ?? window.innerHeight);
        const visible = rows.filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= bottom;
        }).length;
        const lineHeight = (element: Element) => Number.parseFloat(getComputedStyle(element).lineHeight);
        // A wrapped cell is taller than one line of its text.
        const wrapped = [...document.querySelectorAll('.leads-table-compact th, .leads-table-compact td a')].filter(
          (cell) => cell.getBoundingClientRect().height > lineHeight(cell) * 1.5 + 16,
        ).length;
        return { visible, wrapped };
      });
    const measured = await fits();
    expect(measured.visible).toBeGreaterThanOrEqual(12);
    expect(measured.wrapped).toBe(0);
    const email = page
      .locator('tr.lead-row')
      .first()
      .getByRole('link', { name: /some-cleaning-customer/ });
    await expect(email).toHaveAttribute('title', /@some-cleaning-customer\.example\.com$/);

    await page.reload();
    await expect(page.locator('.leads-table-compact')).toBeVisible();
  });
});
