// Intake integrity (docs/requirements.md#intake) end to end: an autofilled quote sent at once is a lead,
// flagged, never held for its timing alone; a quote a spam rule catches is held, not lost, and staff
// release it as a lead; a repeat request under another first name never overwrites the lead's details
// nor its service, shows both requests, and staff apply the new ones with one click; two people of one phone are two
// leads, each saying "Same phone as" the other; a caller is found by the digits on a phone screen.
import { axeBuilder } from '../support/axe.ts';
import { MIN_FORM_FILL_MS, SENT_FAST_TAG } from '@shine/shared/intake';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { waitForIsland } from '../site/support.ts';
import { animationsSettled } from '../support/axe.ts';
import { createLead, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';

test('an autofilled quote sent at once is a lead flagged “Sent fast”; a held one is released as a lead', async ({
  page,
}) => {
  test.slow(); // the public form, then two CRM sections
  const name = uniqueName('Autofill');
  const email = `${name.toLowerCase()}@example.com`;
  await page.goto('/quote');
  await waitForIsland(page, 'QuoteForm');
  // The page has been open a while: only the time from the first touch of the form counts.
  await page.waitForTimeout(MIN_FORM_FILL_MS + 500);
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/leads') && request.method() === 'POST');
  // Browser autofill sets every field at once (input and change events), then the visitor presses
  // Enter: one step here, so the submit follows the first touch within milliseconds on any machine.
  await page.evaluate(
    ({ values }) => {
      const form = document.querySelector<HTMLFormElement>('form[aria-label="Quote request"]');
      if (!form) throw new Error('no quote form');
      const byLabel = (label: string) => {
        const id = [...form.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.htmlFor;
        const field = id ? document.getElementById(id) : null;
        if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) throw new Error(label);
        return field;
      };
      byLabel('First Name').focus();
      for (const [label, value] of Object.entries(values)) {
        const field = byLabel(label);
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
        setter?.call(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
      form.requestSubmit();
    },
    {
      values: {
        'First Name': name,
        'Last Name': 'Returning',
        'Email Address': email,
        'Phone Number': uniquePhone(),
        'Zip Code': '75201',
        'Number of Bedrooms': '3',
        'Number of Bathrooms': '2',
        'Cleaning Type': 'Deep',
        'Cleaning Frequency': 'Monthly',
      },
    },
  );
  const body = (await posted).postDataJSON() as { elapsedMs: number };
  expect(body.elapsedMs).toBeLessThan(MIN_FORM_FILL_MS);
  // The visitor sees the usual success.
  await expect(page).toHaveURL(/\/thank-you$/);

  await signIn(page);
  // Taken in at once, flagged for its speed, not held.
  const leads = await page.request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
  const found = (await leads.json()) as { total: number; items: Array<{ id: string }> };
  expect(found.total).toBe(1);
  const taken = await page.request.get(`/api/admin/leads/${found.items[0]?.id}`);
  expect(((await taken.json()) as { tags: string[] }).tags).toEqual([SENT_FAST_TAG]);
  await page.goto('/admin/crm?section=leads');
  await searchLeads(page, email);
  await leadRow(page, `${name} Returning`)
    .getByRole('button', { name: `${name} Returning`, exact: true })
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(drawer).toContainText(SENT_FAST_TAG);
  await expect(drawer).toContainText('Request sent fast: not held');

  // A request the honeypot caught is held, and staff release it.
  const botEmail = `${name.toLowerCase()}.held@example.com`;
  const heldQuote = await page.request.post('/api/leads', {
    data: {
      firstName: name,
      lastName: 'Held',
      email: botEmail,
      phone: uniquePhone(),
      zipcode: '75201',
      bedrooms: '3',
      bathrooms: '2',
      cleaningType: 'Deep',
      frequency: 'Monthly',
      website: 'http://spam.example',
    },
  });
  expect(heldQuote.status(), await heldQuote.text()).toBe(201);
  await page.goto('/admin/crm?section=held');
  const held = page.getByRole('article').filter({ hasText: botEmail });
  await expect(held).toBeVisible();
  await expect(held).toContainText('Hidden field filled');
  await expect(page.getByRole('navigation', { name: 'CRM sections' }).getByText('Held')).toBeVisible();
  await held.getByRole('button', { name: 'Release' }).click();
  await expect(toast(page, 'Released as a lead')).toBeVisible();
  await expect(held).toHaveCount(0);

  await page.goto('/admin/crm?section=leads');
  await searchLeads(page, botEmail);
  await expect(leadRow(page, `${name} Held`)).toBeVisible();
});

test('a repeat under another first name keeps the original, shows both requests, and applies the new details', async ({
  page,
  request,
}) => {
  test.slow(); // a drawer flow on a shared, busy machine
  const original = uniqueName('Original');
  const phone = uniquePhone(); // "(area) 555-line"
  const digits = phone.replace(/\D/g, '');
  await createLead(request, { firstName: original, phone });
  // The same person (their own e-mail, in other letters) under another first name, from the same
  // phone typed another way, for another cleaning.
  const other = uniqueName('Kb');
  const dotted = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
  await createLead(request, {
    firstName: other,
    lastName: 'Tester',
    email: `${original.toUpperCase()}@example.com`,
    phone: dotted,
    cleaningType: 'Basic',
  });

  await signIn(page);
  await page.goto('/admin/crm?section=leads');
  // Found by the digits a phone screen shows, whatever the stored punctuation.
  await searchLeads(page, digits);
  const row = leadRow(page, `${original} Tester`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Details differ');
  await expect(row).toContainText('Repeat request ×1 — today');
  await expect(leadRow(page, `${other} Tester`)).toHaveCount(0);

  await row.getByRole('button', { name: `${original} Tester`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `${original} Tester` });
  await expect(drawer).toBeVisible();
  const requests = drawer.getByRole('region', { name: 'Requests' });
  await expect(requests.getByRole('note')).toContainText('Details differ');
  await expect(requests).toContainText(original);
  await expect(requests).toContainText(`${other} Tester`);
  await requests.getByRole('button', { name: 'Apply new details' }).click();

  const renamed = page.getByRole('dialog', { name: `${other} Tester` });
  await expect(renamed).toBeVisible();
  await expect(renamed).toContainText(dotted);
  await expect(renamed.getByRole('article').filter({ hasText: 'Lead details updated' })).toBeVisible();
  await expect(renamed.getByRole('article').filter({ hasText: 'Cleaning type: Deep → Basic' })).toBeVisible();
  // The choice is made: no "Details differ" notice left (the repeat's timeline note still says they did).
  await expect(renamed.getByRole('region', { name: 'Requests' }).getByRole('note')).toHaveCount(0);
  await expect(renamed.getByRole('button', { name: 'Apply new details' })).toHaveCount(0);
});

test('two people of one phone are two leads, each saying "Same phone as" the other, a link to its drawer', async ({
  page,
  request,
}) => {
  test.slow(); // two drawers on a shared, busy machine
  const family = uniqueName('Household');
  const phone = uniquePhone();
  const kevin = `${family} Kevin`;
  const maria = `${family}m Maria`; // another first and last name: another person
  await createLead(request, {
    firstName: family,
    lastName: 'Kevin',
    email: `${family.toLowerCase()}.k@example.com`,
    phone,
  });
  await createLead(request, {
    firstName: `${family}m`,
    lastName: 'Maria',
    email: `${family.toLowerCase()}.m@example.com`,
    phone,
    notes: 'Gate code 4411, two dogs.',
  });

  await signIn(page);
  await page.goto('/admin/crm?section=leads');
  await searchLeads(page, family);
  const kevinRow = leadRow(page, kevin);
  const mariaRow = leadRow(page, maria);
  await expect(kevinRow).toBeVisible();
  await expect(mariaRow).toBeVisible();
  await expect(kevinRow).not.toContainText('Repeat request');
  await expect(kevinRow.getByRole('button', { name: `Same phone as ${maria}` })).toBeVisible();
  await expect(mariaRow.getByRole('button', { name: `Same phone as ${kevin}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // The link opens the other lead's drawer.
  await kevinRow.getByRole('button', { name: `Same phone as ${maria}` }).click();
  const mariaDrawer = page.getByRole('dialog', { name: maria });
  await expect(mariaDrawer).toBeVisible();
  await expectNoAxeViolations(page);
  await mariaDrawer.getByRole('button', { name: `Same phone as ${kevin}` }).click();
  await expect(page.getByRole('dialog', { name: kevin })).toBeVisible();
});

/** The WCAG 2.1 AA rules of axe-core on what the page shows now (the new links included). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
