// A team, not one admin: the admin adds a rep in Team, the rep sets a password through the
// link, signs in and sees what sales may; a round-robin rule hands two new quotes to two reps; the
// lead's history names who changed its status.
import type { Lead } from '@shine/shared/types';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { chooseOption, leadRow, searchLeads, setNewLeadToasts, signIn } from './support.ts';

const PASSWORD = 'a-long-rep-password-42';

async function setPasswordThroughLink(page: Page, setupUrl: string): Promise<void> {
  // The link names the configured public origin; the page is the same on this test server.
  await page.goto(new URL(setupUrl).pathname);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
}

test.describe('team', () => {
  test('a rep set up by the admin works leads, round robin shares quotes, and history names who changed what', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people, two browsers, a rule and the engine on a shared machine
    const tag = uniqueName('Tm');
    const ana = { name: `Ana ${tag}`, email: `ana.${tag.toLowerCase()}@example.com` };
    const ben = { name: `Ben ${tag}`, email: `ben.${tag.toLowerCase()}@example.com` };

    // The admin adds Ana in the Team section and copies her link.
    await signIn(page);
    await page.goto('/admin/crm?section=team');
    await page.getByRole('button', { name: 'Add person' }).click();
    const add = page.getByRole('dialog', { name: 'Add person' });
    await add.getByLabel('Name').fill(ana.name);
    await add.getByLabel('Email').fill(ana.email);
    await add.getByRole('button', { name: 'Add person' }).click();
    const linkDialog = page.getByRole('dialog', { name: `Set-up link for ${ana.name}` });
    const anaLink = await linkDialog.getByLabel('Set-up link').inputValue();
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row').filter({ hasText: ana.email })).toContainText(/Set-up link pending/);

    // Ben, through the API, and set up the same way.
    const created = await page.request.post('/api/admin/users', { data: { ...ben, role: 'sales' } });
    expect(created.status(), await created.text()).toBe(201);
    const benLink = ((await created.json()) as { setupUrl: string }).setupUrl;

    const anaContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const anaPage = await anaContext.newPage();
    await setPasswordThroughLink(anaPage, anaLink);
    const benContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await setPasswordThroughLink(await benContext.newPage(), benLink);
    await benContext.close();

    // Ana signs in with the sign-in form and sees what sales may: leads, not the team or the audit.
    await anaPage.getByRole('link', { name: 'Sign in' }).click();
    await anaPage.getByLabel('Email').fill(ana.email);
    await anaPage.getByLabel('Password').fill(PASSWORD);
    const signedIn = anaPage.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
    await anaPage.getByRole('button', { name: 'Login to Dashboard' }).click();
    expect((await signedIn).status()).toBe(200);
    await setNewLeadToasts(anaPage.request, false); // other specs' quotes must not cover her page
    // A salesperson's day starts on My Day (docs/decisions.md, "My Day").
    await expect(anaPage).toHaveURL(/\/admin\/crm\/my-day$/);
    await expect(anaPage.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await anaPage.goto('/admin/crm?section=leads');
    const nav = anaPage.getByRole('navigation', { name: 'CRM sections' });
    await expect(nav.getByRole('menuitem', { name: 'Leads' })).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: 'Team' })).toHaveCount(0);
    await expect(nav.getByRole('menuitem', { name: 'Audit' })).toHaveCount(0);
    await expect(nav.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
    expect((await anaPage.request.get('/api/admin/users')).status()).toBe(403);
    // The company's settings: not offered, refused when followed by a link, and refused by the server.
    await anaPage.goto('/admin/crm/settings/scheduling');
    await expect(anaPage.getByText('Settings is for admins')).toBeVisible();
    await expect(anaPage.getByRole('region', { name: 'Scheduling' })).toHaveCount(0);
    const scheduling = await anaPage.request.get('/api/admin/settings/scheduling');
    expect(
      (await anaPage.request.put('/api/admin/settings/scheduling', { data: await scheduling.json() })).status(),
    ).toBe(403);
    expect((await anaPage.request.get('/api/admin/audit')).status()).toBe(403);
    await anaPage.goto('/admin/crm?section=automations');
    await expect(anaPage.getByText('Only admins can change automations.')).toBeVisible();

    // A round-robin rule for quotes from this test's campaign: two quotes, two reps.
    const rule = await page.request.post('/api/admin/automations', {
      data: {
        name: `Round robin ${tag}`,
        trigger: 'lead_created',
        conditions: JSON.stringify({ source: tag }),
        actions: JSON.stringify({ type: 'assign', to: 'round_robin' }),
        isActive: true,
      },
    });
    expect(rule.status(), await rule.text()).toBe(201);
    const leads: Lead[] = [];
    for (const first of ['Quinn', 'Rory']) {
      const response = await page.request.post('/api/leads', {
        data: {
          firstName: `${first}${tag}`,
          lastName: 'Tester',
          email: `${first.toLowerCase()}.${tag.toLowerCase()}@example.com`,
          phone: uniquePhone(),
          zipcode: '75201',
          bedrooms: '3',
          bathrooms: '2',
          cleaningType: 'Deep',
          frequency: 'Weekly',
          attribution: { utmSource: tag },
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      leads.push((await response.json()) as Lead);
    }
    const assigneesOf = async () =>
      Promise.all(
        leads.map(
          async (lead) =>
            ((await (await page.request.get(`/api/admin/leads/${lead.id}`)).json()) as Lead).assignee?.name,
        ),
      );
    await expect.poll(assigneesOf, { timeout: 30_000 }).toEqual([ana.name, ben.name]);
    await page.request.delete(`/api/admin/automations/${((await rule.json()) as { id: string }).id}`);

    // Ana moves her lead on; its history says she did.
    const mine = leads[0] as Lead;
    const name = `${mine.firstName} ${mine.lastName}`;
    await anaPage.goto('/admin/crm?section=leads');
    await searchLeads(anaPage, mine.firstName);
    await chooseOption(
      anaPage,
      leadRow(anaPage, name).getByRole('combobox', { name: `Status of ${name}` }),
      'Contacted',
    );
    await leadRow(anaPage, name).getByRole('button', { name, exact: true }).click();
    const drawer = anaPage.getByRole('dialog', { name });
    await expect(drawer.getByText(`${ana.name} changed status New → Contacted`)).toBeVisible();
    await anaContext.close();
  });
});
