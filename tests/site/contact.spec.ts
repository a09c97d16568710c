import { MESSAGES, VALIDATION } from '@shine/shared/messages';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { waitForIsland } from './support.ts';

async function openContactForm(page: Page) {
  await page.goto('/contact');
  await waitForIsland(page, 'ContactForm');
}

test.describe('contact form', () => {
  test('requires name, a valid e-mail and a message; phone and subject are optional', async ({ page }) => {
    await openContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(VALIDATION.contactName, { exact: true })).toBeVisible();
    await expect(page.getByText(VALIDATION.contactEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(VALIDATION.contactMessage, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: false }).first()).toBeFocused();
    await expect(page.getByLabel('Phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Subject')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  });

  test('simulates sending: the toast shows after about a second and nothing leaves the browser', async ({ page }) => {
    await openContactForm(page);
    await page.getByLabel('Name').fill('Marcus Lee');
    await page.getByLabel('Email').fill('marcus@example.com');
    await page.getByLabel('Subject').fill('Office cleaning');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you clean dental offices on Saturdays?');

    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeVisible();
    const toast = page.locator('.toast');
    await expect(toast).toContainText(MESSAGES.contact.successTitle);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    await expect(toast).toContainText(MESSAGES.contact.successText);
    // The lazily loaded validation module is the only request allowed: a script from this origin.
    const sent = requests.filter((line) => !/^GET .*\/_astro\/.*\.js$/.test(line));
    expect(sent).toEqual([]);
    await expect(page.getByLabel('Name')).toHaveValue('');
  });
});
