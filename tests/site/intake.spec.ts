// Lead intake end to end (docs/requirements.md#intake): a visit from a campaign link reaches the
// CRM with its source, a real estimated value and a speed-to-lead clock; the same request again
// makes no second lead.
import { MIN_FORM_FILL_MS } from '@shine/shared/intake';
import { estimateQuote } from '@shine/shared/pricing';
import type { Lead } from '@shine/shared/types';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { touchQuoteForm, waitForIsland, waitPastMinimumFillTime } from './support.ts';

interface Contact {
  email: string;
  phone: string;
}

/** Each test's own visitor (a repeat of one test's run must not find another's lead). */
function newContact(): Contact {
  return { email: `${uniqueName('casey.campaign.').toLowerCase()}@example.com`, phone: uniquePhone() };
}

async function fillQuote(page: Page, { email, phone }: Contact) {
  await page.getByLabel('First Name').fill('Casey');
  await page.getByLabel('Last Name').fill('Campaign');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Zip Code').fill('75034');
  await page.getByLabel('Number of Bedrooms').selectOption('3');
  await page.getByLabel('Number of Bathrooms').selectOption('2');
  await page.getByLabel('Cleaning Type').selectOption('Basic');
  await page.getByLabel('Cleaning Frequency').selectOption('Biweekly');
}

/** Opens the form from the page already loaded, fills it like a person (past the minimum fill time) and sends it. */
async function requestQuote(page: Page, contact: Contact) {
  await waitForIsland(page, 'QuoteForm');
  const touchedAt = await touchQuoteForm(page);
  await fillQuote(page, contact);
  await waitPastMinimumFillTime(page, touchedAt);
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/leads') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Get My Free Quote' }).click();
  const body = (await posted).postDataJSON();
  await expect(page).toHaveURL(/\/thank-you$/);
  return body;
}

async function findLeads(page: Page, email: string): Promise<Lead[]> {
  const login = await page.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const response = await page.request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  // The list answers what the CRM's table shows; attribution and the estimate are in the whole lead.
  return Promise.all(
    items.map(async ({ id }) => (await (await page.request.get(`/api/admin/leads/${id}`)).json()) as Lead),
  );
}

test('the quote form shows a live estimate with the first-cleaning promotion, or the walkthrough message', async ({
  page,
}) => {
  await page.goto('/quote');
  await waitForIsland(page, 'QuoteForm');
  const estimate = page.getByTestId('quote-estimate');
  await expect(estimate).toHaveAttribute('aria-live', 'polite');
  await expect(estimate).toContainText('Choose bedrooms, bathrooms, cleaning type and frequency');
  await fillQuote(page, newContact());
  const expected = estimateQuote({ bedrooms: '3', bathrooms: '2', cleaningType: 'Basic', frequency: 'Biweekly' });
  if (expected.kind !== 'estimate') throw new Error('the price table prices this home');
  await expect(estimate).toContainText(`Estimated $${expected.low}–$${expected.high} per visit`);
  await expect(estimate).toContainText(`First cleaning $${expected.firstVisitLow}–$${expected.firstVisitHigh}`);
  await expect(estimate).toContainText('WELCOME40');

  await page.getByLabel('Cleaning Type').selectOption('Move In/Out');
  await page.getByLabel('Number of Bedrooms').selectOption('5+');
  await expect(estimate).toContainText('priced after a free walkthrough');
  await expect(estimate).not.toContainText('Estimated $');
});

test('a campaign visit reaches the CRM with its source, estimate and contact clock; a repeat makes no second lead', async ({
  page,
}) => {
  // Land from a newsletter link, then browse to the quote form.
  await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-e2e', {
    referer: 'https://mail.example.net/inbox',
  });
  await page.getByRole('link', { name: 'Get a Free Quote' }).first().click();
  await expect(page).toHaveURL(/\/quote$/);
  const contact = newContact();
  const body = await requestQuote(page, contact);
  expect(body.attribution).toEqual({
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring-e2e',
    referrerHost: 'mail.example.net',
    landingPage: '/',
  });
  expect(body.elapsedMs).toBeGreaterThanOrEqual(MIN_FORM_FILL_MS);
  // Nothing of it is kept in a cookie.
  expect(await page.context().cookies()).toEqual([]);

  const [lead] = await findLeads(page, contact.email);
  const expected = estimateQuote({ bedrooms: '3', bathrooms: '2', cleaningType: 'Basic', frequency: 'Biweekly' });
  expect(lead).toMatchObject({
    source: 'newsletter',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring-e2e',
    referrerHost: 'mail.example.net',
    landingPage: '/',
    estimatedValue: expected.kind === 'estimate' ? expected.midpoint : -1,
    repeatCount: 0,
  });
  expect(lead?.contactDueAt).not.toBeNull();

  // The same person asks again in a new visit: same success page, still one lead, flagged.
  await page.goto('/quote');
  await requestQuote(page, contact);
  const again = await findLeads(page, contact.email);
  expect(again).toHaveLength(1);
  expect(again[0]).toMatchObject({ id: lead?.id, repeatCount: 1, source: 'newsletter' });
});
