import { formatDealValue } from '@shine/shared/format';
import { estimateQuote } from '@shine/shared/pricing';
import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, leadRow, searchLeads, signIn, toast } from './support.ts';
import { phoneDigits, uniqueName, uniquePhone } from '../support/unique.ts';

test.describe('lead drawer', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows every field with call and e-mail links, and saves follow-up, value, priority, tags and notes', async ({
    page,
    request,
  }) => {
    test.slow(); // a long flow through several dialogs on a shared, busy machine
    const name = uniqueName('Drawer');
    const phone = uniquePhone();
    const lead = await createLead(request, { firstName: name, phone, notes: 'Side gate' });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    // The service line: plain text in the row (its own cell, or folded into the name's on a laptop).
    await leadRow(page, `${name} Tester`)
      .getByText(/^Deep · /)
      .click();

    const drawer = page.getByRole('dialog', { name: `${name} Tester` });
    await expect(drawer).toBeVisible();
    for (const label of [
      'Email',
      'Phone',
      'Zip Code',
      'Bedrooms',
      'Bathrooms',
      'Cleaning Type',
      'Frequency',
      'Source',
      'Estimated Value',
      'Tags',
      'Last Contacted',
      'Next Follow-Up',
      'Created',
      'Updated',
      'Notes',
      // Intake (docs/requirements.md#intake)
      'Quote Estimate',
      'Speed to Lead',
      'UTM Campaign',
      'Referrer',
      'Landing Page',
      'Repeat Requests',
    ]) {
      await expect(
        drawer.locator('.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${label}$`) }),
      ).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: `Call ${phone}` })).toHaveAttribute(
      'href',
      `tel:${phoneDigits(phone)}`,
    );
    await expect(drawer.getByRole('link', { name: 'Email', exact: true })).toHaveAttribute(
      'href',
      `mailto:${lead.email}`,
    );
    // The quote's estimate is the lead's value (Deep, 3 bedrooms, 2 bathrooms, weekly).
    const estimate = estimateQuote({ bedrooms: '3', bathrooms: '2', cleaningType: 'Deep', frequency: 'Weekly' });
    const details = drawer.locator('.ant-descriptions').first();
    await expect(details).toContainText(formatDealValue(estimate.kind === 'estimate' ? estimate.midpoint : null));
    await expect(details).toContainText('Side gate');
    await expect(drawer.getByText(/Waiting for first contact|Not contacted · was due/)).toBeVisible();
    await expect(drawer.getByText(MESSAGES.empty.activities)).toBeVisible();

    await drawer.getByLabel('Estimated value').fill('480.50');
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Priority' }), 'High');
    const tags = drawer.getByRole('combobox', { name: 'Tags' });
    await tags.fill('pets');
    await tags.press('Enter');
    await tags.fill('key-safe');
    await tags.press('Enter');
    await drawer.getByLabel('Notes').fill('Side gate, two dogs');
    const followUp = drawer.getByLabel('Next follow-up');
    await followUp.click();
    await page
      .locator('.ant-picker-dropdown:visible .ant-picker-presets li')
      .filter({ hasText: 'Tomorrow 9 AM' })
      .click();

    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}`));
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    const body = (await patch).postDataJSON();
    expect(body).toMatchObject({
      estimatedValue: 480.5,
      priority: 'High',
      tags: ['pets', 'key-safe'],
      notes: 'Side gate, two dogs',
    });
    expect(new Date(body.nextFollowUpAt).getTime()).toBeGreaterThan(Date.now());
    await expect(toast(page, MESSAGES.lead.updated)).toBeVisible();
    await expect(drawer.locator('.ant-descriptions').first()).toContainText('$481');
    await expect(drawer.locator('.ant-descriptions').first()).toContainText('pets');

    const saved = await (await page.request.get(`/api/admin/leads/${lead.id}`)).json();
    expect(saved).toMatchObject({
      estimatedValue: 480.5,
      priority: 'High',
      tags: ['pets', 'key-safe'],
      notes: 'Side gate, two dogs',
    });
    expect(saved.nextFollowUpAt).not.toBeNull();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(leadRow(page, `${name} Tester`)).toContainText('$481');
    await expect(leadRow(page, `${name} Tester`)).toContainText('High');
  });

  test('validation: an over-long tag is refused before any request', async ({ page, request }) => {
    const name = uniqueName('Neg');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await page.getByRole('button', { name: `${name} Tester`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `${name} Tester` });
    const patches: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.postDataJSON());
    });
    await drawer.getByLabel('Notes').fill('x'.repeat(10));
    const tags = drawer.getByRole('combobox', { name: 'Tags' });
    const tooLong = 'y'.repeat(41);
    await tags.fill(tooLong);
    await tags.press('Enter');
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    await expect(drawer.getByText('Tags must be at most 40 characters')).toBeVisible();
    // Fixed, the form saves: requests leave in order, so a PATCH from the refused save would come first.
    // The tag goes by its ×, not Backspace: antd's Select ignores a Backspace for 250 ms after a key
    // pressed with text in the box (so a held Backspace that empties the text stops short of the tags),
    // and on a fast run the spec pressed it 185 ms after the Enter: the tag stayed and the save was
    // refused again.
    const tooLongTag = drawer.getByTitle(tooLong);
    await tooLongTag.locator('.ant-select-selection-item-remove').click();
    await expect(tooLongTag).toHaveCount(0);
    await tags.fill('short');
    await tags.press('Enter');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ tags: ['short'] });
  });
});
