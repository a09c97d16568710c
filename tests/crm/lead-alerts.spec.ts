// Speed to lead in Settings → On-duty alerts: an admin puts someone on duty, and a quote from outside is
// alerted (here without SMS or mail servers, so its timeline says what was not sent and why); the
// salesperson on duty finds the unassigned lead in their My Day. It switches alerts on for the shared
// server, so it runs with the solo specs, after the others.
import { axeBuilder } from '../support/axe.ts';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS, WEEKDAY_NAMES } from '@shine/shared/speed-to-lead';
import { expect, test } from '../support/test.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { chooseOption, createLead, disableReps, newRep, setNewLeadToasts, signIn, toast } from './support.ts';

/** The salespeople this spec set up: disabled when each test ends. */
const reps: string[] = [];

test.describe('speed-to-lead alerts', () => {
  test.afterEach(async ({ page }) => {
    // Back off for whatever runs next on this server.
    const off = await page.request.put('/api/admin/settings/lead-alerts', { data: DEFAULT_SPEED_TO_LEAD_SETTINGS });
    expect(off.status(), await off.text()).toBe(200);
    await disableReps(page.request, reps);
  });

  test('the salesperson on duty finds the unassigned lead they were alerted about in My Day, on a phone, until someone takes it', async ({
    page,
    browser,
    playwright,
  }) => {
    test.slow(); // two people, a quote from outside, live updates
    await signIn(page);
    await setNewLeadToasts(page.request, false);
    const rep = await newRep(page, browser, reps);
    await rep.page.setViewportSize({ width: 390, height: 844 });
    await expect(rep.page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await setNewLeadToasts(rep.page.request, false);
    // The rep on duty whatever the day and hour this runs.
    const saved = await page.request.put('/api/admin/settings/lead-alerts', {
      data: {
        ...DEFAULT_SPEED_TO_LEAD_SETTINGS,
        enabled: true,
        onDuty: Array(7).fill(rep.id),
        outsideBusinessHours: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const lead = await createLead(visitor, { firstName: uniqueName('OnDuty') });
    await visitor.dispose();
    expect(lead.assignedTo).toBeNull();
    const leadName = `${lead.firstName} Tester`;

    // Alerted in the bell, and in My Day with the speed-to-lead clock, said to be nobody's yet.
    const bell = rep.page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
    const newLeads = rep.page.getByRole('region', { name: /^New leads to contact/ });
    const item = newLeads
      .getByRole('listitem')
      .filter({ has: rep.page.getByRole('button', { name: leadName, exact: true }) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Unassigned');
    await expect(item).toContainText('Waiting');
    // Counted in the badge (the sidebar is in the menu on a phone: the count it shows is the API's).
    const day = (await (await rep.page.request.get('/api/admin/my-day')).json()) as {
      counts: { newLeads: number; total: number };
    };
    expect(day.counts.newLeads).toBeGreaterThanOrEqual(1);
    // Still there after a reload: it waits for someone to take it.
    await rep.page.reload();
    await expect(item).toBeVisible();

    // Taken by the admin: it leaves the rep's day at once (live).
    const me = (await (await page.request.get('/api/admin/me')).json()) as { user: { id: string } };
    const taken = await page.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: me.user.id } });
    expect(taken.status(), await taken.text()).toBe(200);
    await expect(newLeads.getByRole('button', { name: leadName, exact: true })).toHaveCount(0);
    await rep.page.context().close();
  });

  test('an admin puts someone on duty; a quote is alerted and its timeline says how', async ({ page, playwright }) => {
    test.slow(); // seven pickers, and a lead through the engine
    await signIn(page);
    await setNewLeadToasts(page.request, false); // the live spec, before this one, turned them on
    const name = `Dee ${uniqueName('Duty')}`;
    const created = await page.request.post('/api/admin/users', {
      data: {
        name,
        email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
        role: 'sales',
        phone: uniquePhone(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/admin/crm/settings/alerts');
    const card = page.getByRole('region', { name: 'Speed to lead: on duty and escalation' });
    await expect(card.getByRole('switch', { name: 'Alert the person on duty of each new lead' })).not.toBeChecked();
    await card.getByRole('switch', { name: 'Alert the person on duty of each new lead' }).click();
    // Whatever the day and hour this runs, Dee is on duty and out-of-hours quotes count.
    for (const day of WEEKDAY_NAMES) {
      await chooseOption(page, card.getByRole('combobox', { name: new RegExp(`^${day} `) }), name);
    }
    await card.getByRole('switch', { name: 'Alert for quotes outside business hours too' }).click();
    await card.getByRole('button', { name: 'Save alerts' }).click();
    await expect(toast(page, 'Speed-to-lead alerts saved')).toBeVisible();
    // This server has no SMS provider and no mail server: said before anyone relies on it.
    await expect(card.getByRole('alert')).toContainText('No SMS provider is configured');
    await expect(card.getByRole('alert')).toContainText('No escalation contact');

    const axe = await (await axeBuilder(page))
      .include('#crm-main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const lead = await createLead(visitor, { firstName: uniqueName('Alerted') });
    await visitor.dispose();
    await page.goto(`/admin/crm?section=leads&lead=${lead.id}`);
    const drawer = page.getByRole('dialog', { name: new RegExp(lead.firstName) });
    await expect(drawer.getByText(`On-duty alert to ${name} not sent`)).toBeVisible({ timeout: 20_000 });
    await expect(drawer).toContainText('SMS not sent: no transport configured');
  });
});
