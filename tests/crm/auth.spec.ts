import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { signIn, toast } from './support.ts';

/** The CRM pauses this long after a successful sign-in before it opens the dashboard. */
const LOGIN_REDIRECT_DELAY_MS = 500;

test.describe('sign-in and session', () => {
  for (const path of ['/admin/dashboard', '/admin/crm', '/admin/crm?section=leads']) {
    test(`signed-out visit to ${path} goes to /admin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    });
  }

  test('the login form validates on submit with the messages of docs/requirements.md#validation', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('a wrong password shows Login Failed with the server message', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    const notice = toast(page, MESSAGES.login.failedTitle);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: 'Login to Dashboard' })).toBeEnabled();
  });

  test('signing in with trimmed credentials lands on the dashboard', async ({ page }) => {
    // The success toast lives for the 500 ms before the full navigation, and Playwright's locators
    // wait for a started navigation to finish: polling for it races the redirect on a slow machine.
    // The page reports every toast and button text it shows instead, as it shows them.
    const shown: string[] = [];
    await page.exposeFunction('__reportShown', (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { __reportShown: (text: string) => void }).__reportShown;
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.ant-notification-notice, button[type="submit"]')) {
          const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (text && !seen.has(text)) {
            seen.add(text);
            report(text);
          }
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/admin');
    await page.getByLabel('Email').fill(`  ${E2E_ADMIN.email}  `);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    let dashboardRequestedAfterMs = -1;
    const login = page.waitForRequest('**/api/admin/login');
    const started = Date.now();
    await page.route('**/admin/dashboard', async (route) => {
      dashboardRequestedAfterMs = Date.now() - started;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    expect((await login).postDataJSON()).toEqual({ username: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await page.waitForURL('**/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'CRM Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome Admin')).toBeVisible();
    expect(dashboardRequestedAfterMs).toBeGreaterThanOrEqual(LOGIN_REDIRECT_DELAY_MS);
    expect(shown).toContain('Logging in...');
    expect(shown).toContainEqual(expect.stringContaining(MESSAGES.login.successTitle));
    expect(shown.find((text) => text.includes(MESSAGES.login.successTitle))).toContain(MESSAGES.login.successText);
  });

  test('logout clears the session and returns to /admin', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/crm');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const me = await page.request.get('/api/admin/me');
    expect(await me.json()).toMatchObject({ isAuthenticated: false });
    await page.goto('/admin/crm');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('logout from the tabbed dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
});
