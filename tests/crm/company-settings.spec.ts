// The company's review page in Settings → Company details: refused beside the field unless it
// is an https link, saved, shown again after a reload; the card is axe clean. Left empty at the end, as
// the shared server had it.
import { REVIEW_URL_MESSAGE } from '@shine/shared/company-settings';
import { expect, test } from '../support/test.ts';
import { axeBuilder } from '../support/axe.ts';
import { uniqueName } from '../support/unique.ts';
import { signIn } from './support.ts';

test('the review page: an https link only, saved and shown again after a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/crm/settings/company');
  const card = page.getByRole('region', { name: 'Company details in e-mails' });
  const field = card.getByLabel('Review page');
  await expect(field).toBeVisible();
  const save = card.getByRole('button', { name: 'Save company details' });

  await field.fill('http://example.com/review');
  await save.click();
  await expect(card.getByText(REVIEW_URL_MESSAGE)).toBeVisible();

  const url = `https://g.page/r/${uniqueName('shine')}/review`;
  await field.fill(url);
  await save.click();
  await expect(page.getByText('Company details saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Company details in e-mails' }).getByLabel('Review page')).toHaveValue(
    url,
  );

  const scan = await (await axeBuilder(page))
    .include('[aria-labelledby]:has(#companyDetails_reviewUrl)')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const again = page.getByRole('region', { name: 'Company details in e-mails' });
  await again.getByLabel('Review page').fill('');
  await again.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('Company details saved')).toBeVisible();
  const saved = await page.request.get('/api/admin/settings/company');
  expect(((await saved.json()) as { reviewUrl: string | null }).reviewUrl).toBeNull();
});
