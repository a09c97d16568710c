// A person added in Team reaches every other open session through the live stream: their name is in
// the pickers, and a lead assigned to them reads their name, not "(no longer active)", without a reload.
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { chooseOption, createLead, leadRow, searchLeads, signIn } from './support.ts';

test('a teammate added in one session shows by name in another, without a reload', async ({ page, browser }) => {
  test.slow(); // two sessions, each with its own live stream, on a shared machine
  const tag = uniqueName('Mate');
  const mate = { name: `Nia ${tag}`, email: `nia.${tag.toLowerCase()}@example.com` };
  const lead = await createLead(page.request, { firstName: tag });
  const leadName = `${tag} Tester`;

  // The other session has the leads open, with the lead's drawer showing its assignee picker.
  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await otherContext.newPage();
  await signIn(other);
  await other.goto('/admin/crm?section=leads');
  await expect(other.locator('.live-indicator[data-live-status="live"]')).toBeVisible();
  await searchLeads(other, tag);
  await leadRow(other, leadName).getByRole('button', { name: leadName, exact: true }).click();
  const drawer = other.getByRole('dialog', { name: leadName });
  const assignee = drawer.locator('.ant-select', { has: other.getByRole('combobox', { name: 'Assigned to' }) });
  await expect(assignee).toHaveText('Unassigned');

  // This session adds the teammate in Team, then hands them the lead.
  await signIn(page);
  await page.goto('/admin/crm?section=team');
  await page.getByRole('button', { name: 'Add person' }).click();
  const add = page.getByRole('dialog', { name: 'Add person' });
  await add.getByLabel('Name').fill(mate.name);
  await add.getByLabel('Email').fill(mate.email);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/users'));
  await add.getByRole('button', { name: 'Add person' }).click();
  const mateId = ((await (await created).json()) as { user: { id: string } }).user.id;
  await page
    .getByRole('dialog', { name: `Set-up link for ${mate.name}` })
    .getByRole('button', { name: 'Done' })
    .click();
  const assigned = await page.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: mateId } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The other session, never reloaded, names them in the drawer and offers them in the filter.
  await expect(assignee).toHaveText(mate.name);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await chooseOption(other, other.getByRole('combobox', { name: 'Filter by assignee' }), mate.name);
  await expect(leadRow(other, leadName)).toBeVisible();
  await otherContext.close();
});
