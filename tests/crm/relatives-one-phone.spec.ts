// Two relatives, one phone (docs/requirements.md#repeat-requests): a request is the same person's only
// by its e-mail, or by the phone with the full name. A brother and a sister who send quotes from the
// household's phone, each with their own e-mail, are two leads saying "Same phone as" each other, and
// his lead keeps what he asked for. A request the rule did take as a repeat (the household's shared
// e-mail) is split into a lead of its own from the drawer: "This is a different person".
import { expect, test } from '../support/test.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { sendQuoteForm } from '../site/support.ts';
import { createLead, leadRow, searchLeads, signIn, toast } from './support.ts';

/** Jorge's quote, and his sister Lucia's for her own new apartment. */
function household() {
  const family = uniqueName('Ramirez');
  const phone = uniquePhone();
  const jorge = {
    firstName: 'Jorge',
    lastName: family,
    email: `jorge.${family.toLowerCase()}@example.com`,
    phone,
    zipcode: '76132',
    bedrooms: '4',
    bathrooms: '3',
    cleaningType: 'Basic',
    frequency: 'Weekly',
  };
  const lucia = {
    ...jorge,
    firstName: 'Lucia',
    email: `lucia.${family.toLowerCase()}@example.com`,
    zipcode: '76133',
    bedrooms: '1',
    bathrooms: '1',
    cleaningType: 'Move In/Out',
    frequency: 'One Time',
    notes: 'For my own new apartment, I am his sister.',
  };
  return { family, phone, jorge, lucia };
}

test('two relatives who send quotes from one phone, each with their own e-mail, are two leads', async ({
  page,
  browser,
}) => {
  test.slow(); // two visitors on the public form, then the CRM
  const { family, phone, jorge, lucia } = household();
  await page.goto('/quote');
  await sendQuoteForm(page, jorge);
  // His sister, in a browser of her own, moments later.
  const sister = await browser.newContext();
  try {
    const sisterPage = await sister.newPage();
    await sisterPage.goto('/quote');
    await sendQuoteForm(sisterPage, lucia);
  } finally {
    await sister.close();
  }

  await signIn(page);
  await page.goto('/admin/crm?section=leads');
  await searchLeads(page, phone.replace(/\D/g, ''));
  const jorgeRow = leadRow(page, `Jorge ${family}`);
  const luciaRow = leadRow(page, `Lucia ${family}`);
  await expect(jorgeRow).toBeVisible();
  await expect(luciaRow).toBeVisible();
  await expect(page.locator('tr.lead-row')).toHaveCount(2);
  await expect(jorgeRow).not.toContainText('Repeat request');
  await expect(jorgeRow).not.toContainText('Details differ');
  await expect(jorgeRow.getByRole('button', { name: `Same phone as Lucia ${family}` })).toBeVisible();
  await expect(luciaRow.getByRole('button', { name: `Same phone as Jorge ${family}` })).toBeVisible();

  // His lead reads what he asked for, with one request: hers is on her own lead.
  await jorgeRow.getByRole('button', { name: `Jorge ${family}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Jorge ${family}` });
  await expect(drawer).toBeVisible();
  const requests = drawer.getByRole('region', { name: 'Requests' });
  await expect(requests.getByRole('columnheader')).toHaveCount(1);
  await expect(requests).toContainText('76132');
  await expect(requests).toContainText('4 bd / 3 ba');
  await expect(requests).toContainText('Basic, Weekly');
  await expect(requests).not.toContainText('76133');
  await expect(requests.getByRole('button', { name: 'This is a different person' })).toHaveCount(0);
});

test('"This is a different person" splits a request taken as a repeat into a lead of its own', async ({
  page,
  request,
}) => {
  test.slow(); // a drawer flow on a shared, busy machine
  const { family, jorge, lucia } = household();
  await createLead(request, jorge);
  // Lucia writes from the household's shared e-mail: the rule takes it as Jorge's repeat.
  await createLead(request, { ...lucia, email: jorge.email });

  await signIn(page);
  await page.goto('/admin/crm?section=leads');
  await searchLeads(page, family);
  const jorgeRow = leadRow(page, `Jorge ${family}`);
  await expect(jorgeRow).toContainText('Repeat request ×1');
  await expect(leadRow(page, `Lucia ${family}`)).toHaveCount(0);

  await jorgeRow.getByRole('button', { name: `Jorge ${family}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Jorge ${family}` });
  const requests = drawer.getByRole('region', { name: 'Requests' });
  // The repeat changed none of his service: the lead keeps it, and staff are asked.
  await expect(requests.getByRole('note')).toContainText('Details differ');
  await expect(requests.getByRole('note')).toContainText('zip code: 76133 (now 76132)');
  await requests.getByRole('button', { name: 'This is a different person' }).click();
  await page.getByRole('button', { name: 'Split into a new lead' }).click();
  await expect(toast(page, 'Split into a lead of its own')).toBeVisible();

  // Her lead opens: her details, her one request, linked to his by the phone.
  const luciaDrawer = page.getByRole('dialog', { name: `Lucia ${family}` });
  await expect(luciaDrawer).toBeVisible();
  const hers = luciaDrawer.getByRole('region', { name: 'Requests' });
  await expect(hers.getByRole('columnheader')).toHaveCount(1);
  await expect(hers).toContainText('76133');
  await expect(hers).toContainText('Move In/Out, One Time');
  await expect(luciaDrawer.getByRole('article').filter({ hasText: 'Split from another lead' })).toBeVisible();
  await expect(luciaDrawer.getByRole('button', { name: `Same phone as Jorge ${family}` })).toBeVisible();

  // His lead has its one request again, and no repeat.
  await luciaDrawer.getByRole('button', { name: `Same phone as Jorge ${family}` }).click();
  const back = page.getByRole('dialog', { name: `Jorge ${family}` });
  await expect(back).toBeVisible();
  await expect(back.getByRole('region', { name: 'Requests' }).getByRole('columnheader')).toHaveCount(1);
  await expect(back.getByRole('region', { name: 'Requests' }).getByRole('note')).toHaveCount(0);
  await expect(back.getByRole('article').filter({ hasText: 'Request split off' })).toBeVisible();
});
