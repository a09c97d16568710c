import { VALIDATION, MESSAGES } from '@shine/shared/messages';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { uniquePhone } from '../support/unique.ts';
import { touchQuoteForm, waitForIsland, waitPastMinimumFillTime } from './support.ts';

const REQUIRED_MESSAGES = [
  VALIDATION.firstName,
  VALIDATION.lastName,
  VALIDATION.email,
  VALIDATION.phone,
  VALIDATION.zipcode,
  VALIDATION.bedrooms,
  VALIDATION.bathrooms,
  VALIDATION.cleaningType,
  VALIDATION.frequency,
];

async function openQuoteForm(page: Page) {
  await page.goto('/quote');
  await waitForIsland(page, 'QuoteForm');
}

async function fillQuote(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Whitfield');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('(214) 555-0123');
  await page.getByLabel('Zip Code').fill('75201');
  await page.getByLabel('Number of Bedrooms').selectOption('3');
  await page.getByLabel('Number of Bathrooms').selectOption('2.5');
  await page.getByLabel('Cleaning Type').selectOption('Deep');
  await page.getByLabel('Cleaning Frequency').selectOption('Biweekly');
  await page.getByLabel('Additional Notes').fill('Two friendly dogs; gate code 4821.');
}

const submitButton = (page: Page) => page.getByRole('button', { name: /Get My Free Quote|Submitting\.\.\./ });

test.describe('quote form', () => {
  test('offers texts only when the visitor ticks the optional box, with the disclosure and the privacy link', async ({
    page,
  }) => {
    await openQuoteForm(page);
    const consent = page.getByRole('checkbox', { name: /Text me about my quote/ });
    await expect(consent).not.toBeChecked();
    const disclosure = page.locator('#quote-sms-consent-disclosure');
    await expect(consent).toHaveAttribute('aria-describedby', 'quote-sms-consent-disclosure');
    for (const words of ['Msg & data rates may apply', 'Reply STOP to opt out, HELP for help', 'Up to 6 messages']) {
      await expect(disclosure).toContainText(words);
    }
    await expect(disclosure.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    // The whole label is the touch target: clicking its text ticks the box.
    await page.getByText('Text me about my quote').click();
    await expect(consent).toBeChecked();
    const box = await page.locator('.consent__label').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('shows every required-field message on an empty submit and focuses the first invalid field', async ({
    page,
  }) => {
    await openQuoteForm(page);
    await submitButton(page).click();
    for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel('First Name')).toBeFocused();
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First Name')).toHaveAccessibleDescription(VALIDATION.firstName);
    await expect(page.getByLabel('Additional Notes')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-required', 'true');
  });

  test('re-validates on change after the first submit', async ({ page }) => {
    await openQuoteForm(page);
    await submitButton(page).click();
    await expect(page.getByText(VALIDATION.bedrooms)).toBeVisible();
    await page.getByLabel('Number of Bedrooms').selectOption('2');
    await expect(page.getByText(VALIDATION.bedrooms)).toHaveCount(0);
    await page.getByLabel('First Name').fill('A');
    await expect(page.getByText(VALIDATION.firstName)).toHaveCount(0);
    await page.getByLabel('First Name').fill('');
    await expect(page.getByText(VALIDATION.firstName)).toBeVisible();
  });

  test('rejects a malformed e-mail, a short phone number and a short zip code', async ({ page }) => {
    await openQuoteForm(page);
    await fillQuote(page, 'not-an-email');
    await page.getByLabel('Phone Number').fill('5550');
    await page.getByLabel('Zip Code').fill('7520');
    await submitButton(page).click();
    await expect(page.getByText(VALIDATION.email, { exact: true })).toBeVisible();
    await expect(page.getByText(VALIDATION.phone, { exact: true })).toBeVisible();
    await expect(page.getByText(VALIDATION.zipcode, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeFocused();
    await expect(page.getByText(VALIDATION.firstName)).toHaveCount(0);
  });

  test('the honeypot is hidden from people and assistive technology', async ({ page }) => {
    await openQuoteForm(page);
    const honeypot = page.locator('#quote-website');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(page.locator('.honeypot')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('textbox', { name: /leave this field empty/i })).toHaveCount(0);
    const box = await honeypot.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(0);
  });

  test('submits through the real API, shows the success toast on /thank-you, and the lead reaches the CRM', async ({
    page,
  }) => {
    const email = `dana.whitfield.${Date.now()}@example.com`;
    // A phone of its own: a request with an open lead's phone and its full name joins that lead (a repeat).
    const phone = uniquePhone();
    await openQuoteForm(page);
    const touchedAt = await touchQuoteForm(page);
    await fillQuote(page, email);
    await page.getByLabel('Phone Number').fill(phone);
    // A form sent sooner than a person can fill it is answered like any other but held for review.
    await waitPastMinimumFillTime(page, touchedAt);
    const posted = page.waitForRequest(
      (request) => request.url().endsWith('/api/leads') && request.method() === 'POST',
    );
    await submitButton(page).click();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email,
      phone,
      zipcode: '75201',
      bedrooms: '3',
      bathrooms: '2.5',
      cleaningType: 'Deep',
      frequency: 'Biweekly',
      notes: 'Two friendly dogs; gate code 4821.',
      smsConsent: false,
      website: '',
    });

    await expect(page).toHaveURL(/\/thank-you$/);
    const toast = page.locator('.toast');
    await expect(toast).toContainText(MESSAGES.quote.successTitle);
    await expect(toast).toContainText(MESSAGES.quote.successText);

    const login = await page.request.post('/api/admin/login', {
      data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(login.ok()).toBe(true);
    const leads = await page.request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
    expect(leads.ok()).toBe(true);
    const { items } = (await leads.json()) as { items: Array<Record<string, unknown>> };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email,
      cleaningType: 'Deep',
      frequency: 'Biweekly',
      status: 'New',
      priority: 'Medium',
    });
  });

  test('a server error shows the server message and keeps every value', async ({ page }) => {
    await openQuoteForm(page);
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The service is temporarily unavailable. Please try again in a moment.' }),
      }),
    );
    await fillQuote(page, 'keep.me@example.com');
    await submitButton(page).click();
    const toast = page.locator('.toast');
    await expect(toast).toContainText(MESSAGES.quote.errorTitle);
    await expect(toast).toContainText('The service is temporarily unavailable. Please try again in a moment.');
    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByLabel('First Name')).toHaveValue('Dana');
    await expect(page.getByLabel('Email Address')).toHaveValue('keep.me@example.com');
    await expect(page.getByLabel('Number of Bathrooms')).toHaveValue('2.5');
    await expect(page.getByLabel('Cleaning Frequency')).toHaveValue('Biweekly');
    await expect(page.getByLabel('Additional Notes')).toHaveValue('Two friendly dogs; gate code 4821.');
    await expect(submitButton(page)).toHaveText('Get My Free Quote');
  });

  test('a network failure shows the fallback message and keeps every value', async ({ page }) => {
    await openQuoteForm(page);
    await page.route('**/api/leads', (route) => route.abort('internetdisconnected'));
    await fillQuote(page, 'offline@example.com');
    await submitButton(page).click();
    await expect(page.locator('.toast')).toContainText(MESSAGES.quote.errorFallback);
    await expect(page.getByLabel('Email Address')).toHaveValue('offline@example.com');
    await expect(page.getByLabel('Cleaning Type')).toHaveValue('Deep');
  });

  test('shows Submitting... while the request is pending and does not send twice', async ({ page }) => {
    await openQuoteForm(page);
    let requests = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/leads', async (route) => {
      requests += 1;
      await held;
      await route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"Invalid input"}' });
    });
    await fillQuote(page, 'pending@example.com');
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText('Submitting...');
    await expect(submitButton(page)).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled keeps the button focusable, so it can still be pressed: nothing more is sent.
    await submitButton(page).click({ force: true });
    await page.getByLabel('First Name').press('Enter');
    release();
    await expect(page.locator('.toast')).toContainText('Invalid input');
    expect(requests).toBe(1);
  });

  test('maps field issues from the server onto the fields', async ({ page }) => {
    await openQuoteForm(page);
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Invalid input', issues: [{ path: 'zipcode', message: VALIDATION.zipcode }] }),
      }),
    );
    await fillQuote(page, 'issues@example.com');
    await submitButton(page).click();
    await expect(page.getByText(VALIDATION.zipcode, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Zip Code')).toBeFocused();
  });
});
