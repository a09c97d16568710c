import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@shine/shared/messages';
import { buildExportFileName } from '@shine/shared/export';
import { expect, test } from '../support/test.ts';
import { createLead, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('sidebar CRM: Export', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('exports the selected leads as CSV', async ({ page, request }) => {
    const family = uniqueName('Exp');
    for (const suffix of ['A', 'B', 'C']) await createLead(request, { firstName: `${family}${suffix}` });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await page.getByRole('checkbox', { name: `Select ${family}A Tester` }).check();
    await page.getByRole('checkbox', { name: `Select ${family}C Tester` }).check();
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Leads' });
    await expect(dialog).toContainText('2 selected leads will be exported.');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(buildExportFileName('csv'));
    const bytes = await readFile(await file.path());
    // A UTF-8 byte order mark first, so a spreadsheet reads accented names as written.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('First Name');
    expect(csv).toContain(`${family}A`);
    expect(csv).toContain(`${family}C`);
    expect(csv).not.toContain(`${family}B`);
    await expect(toast(page, MESSAGES.export.successTitle)).toContainText('Downloaded 2 leads in CSV format.');
  });

  test('with nothing selected, exports the current filter as JSON with notes', async ({ page, request }) => {
    const family = uniqueName('Json');
    await createLead(request, { firstName: `${family}A`, notes: 'Ring twice' });
    await createLead(request, { firstName: `${family}B`, notes: 'Back door' });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Leads' });
    await expect(dialog).toContainText('No leads are selected: all 2 leads matching the current filters');
    await dialog.getByText('JSON', { exact: true }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(buildExportFileName('json'));
    const rows = JSON.parse(await readFile(await file.path(), 'utf8')) as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.firstName).sort()).toEqual([`${family}A`, `${family}B`]);
    expect(rows.map((row) => row.notes).sort()).toEqual(['Back door', 'Ring twice']);
    await expect(toast(page, MESSAGES.export.successTitle)).toContainText('Downloaded 2 leads in JSON format.');
  });

  test('a failed export shows Export Failed', async ({ page }) => {
    await page.goto('/admin/crm?section=leads');
    await page.route('**/api/admin/leads/export', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"nope"}' }),
    );
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('dialog', { name: 'Export Leads' }).getByRole('button', { name: 'Export' }).click();
    await expect(toast(page, MESSAGES.export.failedTitle)).toContainText(MESSAGES.export.failedText);
  });
});
