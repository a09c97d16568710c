// The service address, end to end: a customer who phones in is entered by hand (New lead), staff
// book a visit from the lead's drawer with where to clean (the ZIP prefilled from the call), and the
// Schedule's card shows the street with a map link (a plain map search in a new tab); the visit's
// dialog shows the whole address and the phone. The drawer's booking form and the Schedule are axe clean.
import type { Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { chooseOption, setNewLeadToasts, signIn } from './support.ts';

const TIME_ZONE = 'America/Chicago';
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DAY = 86_400_000;

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

/** Monday (UTC midnight) of the week holding `date` ("YYYY-MM-DD"). */
function mondayKey(date: string): number {
  const day = new Date(`${date}T12:00:00Z`);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
}

async function expectAxeClean(page: Page, selector: string) {
  const scan = await (await axeBuilder(page)).include(selector).withTags(WCAG_AA).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a phoned-in customer entered by hand, booked by staff with an address: the Schedule shows it with a map link', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await setNewLeadToasts(page.request, false);
  await page.goto('/admin/crm/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

  // The caller, typed in by hand.
  await page.getByRole('button', { name: 'New lead', exact: true }).last().click();
  const firstName = uniqueName('Addr');
  const newLead = page.getByRole('dialog', { name: 'New lead' });
  await newLead.getByLabel('First Name').fill(firstName);
  await newLead.getByLabel('Last Name').fill('Caller');
  await newLead.getByLabel('Email Address').fill(`${firstName.toLowerCase()}@example.com`);
  await newLead.getByLabel('Phone Number').fill(uniquePhone());
  await newLead.getByLabel('Zip Code').fill('75024');
  await chooseOption(page, newLead.getByRole('combobox', { name: 'Number of Bedrooms' }), '2 Bedrooms');
  await chooseOption(page, newLead.getByRole('combobox', { name: 'Number of Bathrooms' }), '1 Bathroom');
  await chooseOption(page, newLead.getByRole('combobox', { name: 'Cleaning Type' }), 'Basic Cleaning');
  await chooseOption(page, newLead.getByRole('combobox', { name: 'Cleaning Frequency' }), 'One Time');
  await newLead.getByRole('button', { name: 'Save lead' }).click();
  const drawer = page.getByRole('dialog', { name: `${firstName} Caller` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('No address yet');
  const leadId = new URL(page.url()).searchParams.get('lead');
  expect(leadId).toBeTruthy();

  // Staff book from the drawer: where to clean, the call's ZIP already there; then a free window.
  await drawer.getByRole('button', { name: 'Book a visit' }).click();
  const form = drawer.getByRole('region', { name: 'Book a visit' });
  await expect(form.getByLabel('ZIP code')).toHaveValue('75024');
  await form.getByLabel('Street address').fill('4521 Elm Street');
  await form.getByLabel('Apartment, suite or unit (optional)').fill('Apt 4');
  await form.getByLabel('City').fill('Plano');
  await form.locator('.book-day .ant-radio-button-wrapper').first().click();
  await expectAxeClean(page, '.ant-drawer');
  const booked = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/api/admin/leads/${leadId}/booking`),
  );
  await form.getByRole('button', { name: 'Book visit' }).click();
  const answer = await booked;
  expect(answer.status(), await answer.text()).toBe(201);
  const start = ((await answer.json()) as { booking: { visits: Array<{ start: string }> } }).booking.visits[0]?.start;
  if (!start) throw new Error('no visit booked');
  const words = '4521 Elm Street, Apt 4, Plano, TX 75024';
  await expect(drawer).toContainText(words);

  // The Schedule's week of the visit: the card names the street; its map link opens a map search.
  await page.goto('/admin/crm?section=schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const weeks = Math.round((mondayKey(start.slice(0, 10)) - mondayKey(today)) / (7 * DAY));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  const card = page.getByRole('button', { name: new RegExp(`${firstName} Caller`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('4521 Elm Street, Plano');
  const map = page.getByRole('link', { name: `Map of ${words} (opens in a new tab)` });
  await expect(map).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(words)}`,
  );
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(map).toHaveAttribute('rel', /noopener/);
  await expectAxeClean(page, '.schedule');

  // The visit's dialog: the whole address with its map link, and the phone to call.
  await card.click();
  const dialog = page.getByRole('dialog', { name: `${firstName} Caller` });
  await expect(dialog).toContainText(words);
  await expect(dialog.getByRole('link', { name: /^Map of/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /^\(?\d/ })).toHaveAttribute('href', /^tel:/);
  await expectAxeClean(page, '.ant-modal');
});
