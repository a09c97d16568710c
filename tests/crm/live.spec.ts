// Live updates: a quote taken while a staff screen is open shows up on it without a reload, carried
// by the event stream (while the stream is live the reads do not poll, so nothing else can bring it).
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, leadRow, setNewLeadToasts, signIn, toast } from './support.ts';

test.describe('live updates', () => {
  test('a quote from outside appears in the open leads list and as an alert that opens it', async ({
    page,
    playwright,
  }) => {
    await signIn(page);
    await setNewLeadToasts(page.request, true); // off while the other specs ran (quiet-alerts.setup.ts)
    await page.goto('/admin/crm?section=leads');
    const indicator = page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting|Polling/ });
    await expect(indicator).toHaveAttribute('data-live-status', 'live');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

    // Other specs post quotes too, and each new lead's alert replaces the last (one toast at a time):
    // the page itself presses this lead's Open the moment its alert is inserted, and keeps its text.
    const name = uniqueName();
    await page.evaluate((firstName) => {
      const seen = window as unknown as { alertText?: string };
      new MutationObserver((_, observer) => {
        const notice = [...document.querySelectorAll('.ant-notification-notice')].find((n) =>
          n.textContent?.includes(`New lead: ${firstName} `),
        );
        const open = [...(notice?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Open');
        if (!notice || !open) return;
        seen.alertText = notice.textContent ?? '';
        observer.disconnect();
        open.click();
      }).observe(document.body, { childList: true, subtree: true });
    }, name);

    // Another client entirely (its own cookies and connection): a visitor on the public site.
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const lead = await createLead(visitor, { firstName: name });
    await visitor.dispose();
    const fullName = `${lead.firstName} ${lead.lastName}`;

    // The alert said who, which cleaning and the estimate, and its Open opened the lead.
    const alertText = () => page.evaluate(() => (window as unknown as { alertText?: string }).alertText ?? '');
    await expect.poll(alertText).toContain(`New lead: ${fullName}`);
    expect(await alertText()).toContain('Deep cleaning, weekly, 3 bd / 2 ba');
    expect(await alertText()).toContain('Estimate $');
    await expect(page.getByRole('dialog', { name: new RegExp(fullName) })).toBeVisible();
    await page.keyboard.press('Escape');

    // The row came without a reload, carried by the stream (the reads do not poll while it is live).
    await expect(leadRow(page, fullName)).toBeVisible();
    await expect(indicator).toHaveAttribute('data-live-status', 'live');
  });

  test('a lead made while the list is still loading is in the list once it loads', async ({ page, playwright }) => {
    await signIn(page);
    await setNewLeadToasts(page.request, true);
    // The list's first answer is read from the server now, before the lead exists, and reaches the
    // page only after the lead's event has: a slow first load on a busy server (a CI run missed a lead so).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked: () => void = () => {};
    const firstAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/admin/leads',
      async (route) => {
        const before = await route.fetch();
        asked();
        await held;
        // The page may have given this answer up meanwhile (it asks again): nothing left to answer then.
        await route.fulfill({ response: before }).catch(() => undefined);
      },
      { times: 1 },
    );
    await page.goto('/admin/crm/leads');
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toHaveAttribute('data-live-status', 'live');
    await firstAsked;

    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const lead = await createLead(visitor, { firstName: uniqueName('Loading') });
    await visitor.dispose();
    const fullName = `${lead.firstName} ${lead.lastName}`;
    await expect(toast(page, `New lead: ${fullName}`)).toBeVisible();
    release();

    await expect(leadRow(page, fullName)).toBeVisible();
  });
});
