import { MESSAGES } from '@shine/shared/messages';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, createLeadFamily, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

/** The focused element's role and accessible name, as a keyboard user would hear it. */
async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${name}`;
  });
}

/**
 * The focused element when the sticky header covers it: it overlaps the header and the header, not the
 * element, is what is drawn at the overlap. Elements taller than the space below the header can never
 * be shown whole and are left out.
 */
async function focusedUnderHeader(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    const header = document.querySelector('.crm-header');
    if (!(element instanceof HTMLElement) || !header || header.contains(element)) return null;
    const box = element.getBoundingClientRect();
    const bar = header.getBoundingClientRect();
    if (box.height === 0 || box.height > window.innerHeight - bar.bottom) return null;
    const top = Math.max(box.top, bar.top);
    const bottom = Math.min(box.bottom, bar.bottom);
    const left = Math.max(box.left, bar.left);
    const right = Math.min(box.right, bar.right);
    if (top >= bottom || left >= right) return null;
    const drawn = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (drawn && element.contains(drawn)) return null;
    return `${element.tagName} "${element.textContent?.trim().slice(0, 40)}" at ${Math.round(box.top)}`;
  });
}

test.describe('CRM with the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a status changed with Enter, ArrowDown, Enter keeps focus on its select', async ({ page, request }) => {
    const name = uniqueName('Keys');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const select = leadRow(page, `${name} Tester`).getByRole('combobox', { name: `Status of ${name} Tester` });
    await select.focus();
    const patch = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect((await patch).request().postDataJSON()).toEqual({ status: 'Contacted' });
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    await expect(select).toBeFocused();
    // The next Tab goes on along the row, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).not.toMatch(/Skip to content|^body$/);
  });

  for (const width of [1280, 390]) {
    test(`tabbing the leads list at ${width} px never hides the focused element under the sticky header`, async ({
      page,
      request,
    }) => {
      test.slow(); // 60 key presses, each followed by a look at the page
      const family = await createLeadFamily(request, 'Tab', 8);
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin/crm?section=leads');
      await searchLeads(page, family);
      await expect(page.getByText(`${family}7 Tester`)).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search leads' }).focus();
      const hidden: string[] = [];
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let stop = 0; stop < 30; stop += 1) {
          await page.keyboard.press(key);
          const under = await focusedUnderHeader(page);
          if (under) hidden.push(`${key} ${stop}: ${under}`);
        }
      }
      expect(hidden).toEqual([]);
    });
  }

  test('a sortable column header takes keyboard focus, shows a focus ring (not only a colour) and sorts with Enter', async ({
    page,
  }) => {
    await page.goto('/admin/crm?section=leads');
    const header = page.getByRole('columnheader', { name: 'Name' });
    const sortButton = header.getByRole('button', { name: 'Name' });
    await page.getByRole('searchbox', { name: 'Search leads' }).focus();
    // Tab to the header's sort button, so it has keyboard focus (:focus-visible) as a keyboard user gives it.
    await expect(async () => {
      await page.keyboard.press('Tab');
      await expect(sortButton).toBeFocused({ timeout: 100 });
    }).toPass({ timeout: 15_000 });
    const ring = await sortButton.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=firstName(&|$)/);
    await expect(sortButton).toBeFocused();
  });

  test('the sidebar menu: Tab lands on the current section, arrows move, Enter and Space open', async ({ page }) => {
    await page.goto('/admin/crm?section=leads');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'CRM sections' });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('menuitem', { name: 'Leads' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^Held/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Held', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/crm\/held$/);

    await expect(menu.getByRole('menuitem', { name: /^Held/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Activities' })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();

    // Shift+Tab leaves the menu in one step (the menu is one Tab stop).
    await menu.getByRole('menuitem', { name: 'Activities' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });

  test('the navigation drawer of a phone works with the keyboard too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/crm?section=leads');
    await page.getByRole('button', { name: 'Open navigation' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'CRM sections' });
    await expect(menu).toBeVisible();
    await expect(async () => {
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('menuitem', { name: 'Leads' })).toBeFocused({ timeout: 100 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('ArrowDown');
    // The menu moves focus on its next frame: a space pressed before then chooses Leads again.
    await expect(menu.getByRole('menuitem', { name: 'Held' })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(page.getByRole('heading', { name: 'Held', level: 1 })).toBeVisible();
  });

  test('F8 focuses the notifications; Tab reaches the close button, Escape dismisses', async ({ page, request }) => {
    const name = uniqueName('Hotkey');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const select = leadRow(page, `${name} Tester`).getByRole('combobox', { name: `Status of ${name} Tester` });
    await select.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const shown = toast(page, MESSAGES.leadStatus.success);
    await expect(shown).toBeVisible();
    // The pointer resting on the toast pauses its 5 s, so the steps below never race it.
    await shown.hover();
    await page.keyboard.press('F8');
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(region).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(shown.getByRole('button', { name: /close/i })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  });

  test('an invalid New Activity moves focus to the first field in error', async ({ page, request }) => {
    const name = uniqueName('Invalid');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=activities');
    await page.getByRole('button', { name: 'New Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Activity' });
    await dialog.getByRole('button', { name: 'Create Activity' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Lead is required')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Lead' })).toBeFocused();

    // With the lead given, the title of a task is the first field in error.
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await page.getByRole('button', { name: `${name} Tester`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `${name} Tester` })
      .getByRole('button', { name: 'Log Activity' })
      .click();
    const logDialog = page.getByRole('dialog', { name: 'New Activity' });
    await chooseOption(page, logDialog.getByRole('combobox', { name: 'Type' }), 'Task');
    await logDialog.getByRole('button', { name: 'Create Activity' }).focus();
    await page.keyboard.press('Enter');
    await expect(logDialog.getByText('Title is required')).toBeVisible();
    await expect(logDialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  });

  test('the search clear button is named "Clear search"', async ({ page }) => {
    await page.goto('/admin/crm?section=leads');
    const search = page.getByRole('searchbox', { name: 'Search leads' });
    await search.fill('someone');
    await expect(page.getByRole('button', { name: 'close-circle' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
  });
});
