// A salesperson's working day: they sign in to My Day; a lead assigned to them arrives live and waits
// in the bell and in My Day until they act on it; a visit of theirs today is listed and marked
// completed from there; the screen is axe-clean and works by keyboard on a laptop and on a phone.
import { axeBuilder } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { animationsSettled } from '../support/axe.ts';
import { createLead, disableReps, newRep, setNewLeadToasts, signIn, waitForCrmScreen } from './support.ts';

async function scan(page: Page, what: string) {
  await animationsSettled(page);
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The salespeople this spec set up: disabled when each test ends, so round robin never chooses them. */
const reps: string[] = [];

const ZONE = 'America/Chicago';

/**
 * A lead held by `repId`, its quote accepted and booked by the customer on the quote page, the visit
 * then moved by staff to today's business date, as near now as a crew is free: a visit today.
 * Answers the lead's name.
 */
async function visitToday(admin: Page, repId: string, prefix: string): Promise<{ name: string; start: number }> {
  const lead = await createLead(admin.request, {
    firstName: uniqueName(prefix),
    cleaningType: 'Basic',
    frequency: 'One Time',
  });
  const name = `${lead.firstName} Tester`;
  const assigned = await admin.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: repId } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const draft = await admin.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await admin.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, {
    data: { email: false },
  });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  const accepted = await admin.request.post(`/api/quotes/${token}/accept`, { data: { name } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { slots } = (await (await admin.request.get(`/api/quotes/${token}/slots`)).json()) as {
    slots: Array<{ start: string }>;
  };
  let visitId: string | undefined;
  // Specs beside this one book too: a window taken meanwhile answers 409, and the next is tried.
  for (const slot of slots) {
    const booked = await admin.request.post(`/api/quotes/${token}/booking`, {
      data: { start: slot.start, address: { line1: '4521 Elm Street', city: 'Plano', zip: '75024' } },
    });
    if (booked.status() === 201) {
      visitId = ((await booked.json()) as { booking: { visits: Array<{ id: string }> } }).booking.visits[0]?.id;
      break;
    }
    expect(booked.status(), await booked.text()).toBe(409);
  }
  if (!visitId) throw new Error('no free window');
  // Two crews: specs running beside this one may hold both now, so the visit tries the times around
  // it a visit's length apart, all on today's business date.
  const dayOf = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: ZONE });
  const now = Date.now() - 60_000;
  const step = 190 * 60_000;
  const starts = [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6, -7, 7]
    .map((k) => now + k * step)
    .filter((at) => dayOf(at) === dayOf(Date.now()));
  for (const start of starts) {
    const moved = await admin.request.patch(`/api/admin/visits/${visitId}`, {
      data: { start: new Date(start).toISOString() },
    });
    if (moved.status() === 200) return { name, start };
    expect(moved.status(), await moved.text()).toBe(409);
  }
  throw new Error('no crew free today');
}

test.describe('My Day', () => {
  test.afterEach(async ({ page }) => {
    await disableReps(page.request, reps);
  });

  test('a salesperson signs in to My Day; an assigned lead waits in the bell and My Day until acted on', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people, a live event, a reload
    await signIn(page);
    const rep = await newRep(page, browser, reps);
    await expect(rep.page).toHaveURL(/\/admin\/crm\/my-day$/);
    await expect(rep.page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await setNewLeadToasts(rep.page.request, false); // other specs' quotes must not cover the page
    await expect(rep.page.getByTestId('my-day-empty')).toBeVisible();
    const bell = rep.page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');

    const lead = await createLead(page.request, { firstName: uniqueName('Mine') });
    const leadName = `${lead.firstName} Tester`;
    const assigned = await page.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: rep.id } });
    expect(assigned.status(), await assigned.text()).toBe(200);

    // Heard live: the bell counts it, My Day lists it with its clock, the sidebar counts it.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    const newLeads = rep.page.getByRole('region', { name: /^New leads to contact/ });
    await expect(newLeads.getByRole('button', { name: leadName, exact: true })).toBeVisible();
    await expect(newLeads).toContainText('Waiting');
    await expect(rep.page.getByTestId('my-day-nav-count')).toHaveText(/^1/);

    // It waits: a reload still shows it in both.
    await rep.page.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(newLeads.getByRole('button', { name: leadName, exact: true })).toBeVisible();
    await bell.click();
    const panel = rep.page.getByRole('region', { name: 'Your notifications' });
    await expect(panel.getByRole('button', { name: new RegExp(`${leadName} was assigned to you`) })).toBeVisible();
    await rep.page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    // Acting on it ends both: the call, logged with its outcome. "No answer" offers tomorrow 9 AM
    // (the business's clock) as the next follow-up, saved with the call in the same step.
    await newLeads.getByRole('button', { name: `Log the call with ${leadName}` }).click();
    const dialog = rep.page.getByRole('dialog', { name: `Log the call with ${leadName}` });
    await dialog.getByText('No answer', { exact: true }).click();
    await expect(dialog.getByLabel(/^Next follow-up/)).toHaveValue(/ 9:00 AM$/);
    await dialog.getByLabel('Note').fill('Rang twice, no voicemail box');
    await scan(rep.page, 'log the call');
    await dialog.getByRole('button', { name: 'Save call' }).click();
    await expect(dialog).toBeHidden();
    await expect(rep.page.getByTestId('my-day-empty')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    const saved = (await (await page.request.get(`/api/admin/leads/${lead.id}`)).json()) as {
      nextFollowUpAt: string | null;
    };
    const inChicago = (at: number | string, options: Intl.DateTimeFormatOptions) =>
      new Date(at).toLocaleString('en-US', { timeZone: ZONE, ...options });
    const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    expect(saved.nextFollowUpAt).not.toBeNull();
    expect(inChicago(saved.nextFollowUpAt as string, { hour: 'numeric', minute: '2-digit' })).toBe('9:00 AM');
    // Tomorrow on the business's calendar (noon today plus a day is tomorrow whatever the hour now).
    const todayNoon = new Date(`${new Date().toLocaleDateString('en-CA', { timeZone: ZONE })}T12:00:00Z`).getTime();
    expect(inChicago(saved.nextFollowUpAt as string, day)).toBe(inChicago(todayNoon + 86_400_000, day));
    const timeline = (await (await page.request.get(`/api/admin/activities/lead/${lead.id}`)).json()) as Array<{
      type: string;
      outcome: string | null;
      description: string | null;
    }>;
    expect(timeline.filter((entry) => entry.type === 'call')).toEqual([
      expect.objectContaining({ outcome: 'no_answer', description: 'Rang twice, no voicemail box' }),
    ]);
    // The drawer's timeline shows how the call went.
    await rep.page.goto(`/admin/crm/leads?lead=${lead.id}`);
    await expect(rep.page.getByRole('article', { name: 'Call: Called, no answer' })).toContainText('No answer');
    await rep.page.context().close();
  });

  test('a visit booked for the salesperson today is under Visits today and is marked completed there', async ({
    page,
    browser,
  }) => {
    test.slow(); // a quote accepted, booked and moved, two people
    await signIn(page);
    const rep = await newRep(page, browser, reps);
    await expect(rep.page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await setNewLeadToasts(rep.page.request, false);
    const { name: leadName, start } = await visitToday(page, rep.id, 'Visit');

    const visits = rep.page.getByRole('region', { name: /^Visits today/ });
    await expect(visits.getByRole('button', { name: leadName, exact: true })).toBeVisible();
    await expect(visits).toContainText(/Arrives \d{1,2}(:\d\d)?( [AP]M)?–\d{1,2}(:\d\d)? [AP]M/);
    await expect(visits).toContainText('4521 Elm Street, Plano, TX 75024');
    await expect(visits.getByRole('link', { name: /^Map of 4521 Elm Street, Plano, TX 75024/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=4521%20Elm%20Street/,
    );
    await expect(visits.getByRole('link', { name: `Call ${leadName}` })).toHaveAttribute('href', /^tel:/);
    // The customer's booking and the move reached the bell, in the business's words.
    await rep.page.getByTestId('notification-bell').click();
    const panel = rep.page.getByRole('region', { name: 'Your notifications' });
    await expect(panel.getByRole('button', { name: new RegExp(`${leadName} booked `) })).toBeVisible();
    await expect(panel.getByRole('button', { name: new RegExp(`moved ${leadName}’s visit to `) })).toBeVisible();
    await rep.page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await visits.getByRole('button', { name: `Mark completed: the visit of ${leadName}` }).click();
    // A window still ahead (the crews beside this spec were busy at the hour) asks first.
    if (start > Date.now()) {
      await rep.page.getByRole('button', { name: 'Mark completed early' }).click();
    }
    await expect(rep.page.getByText('Visit completed')).toBeVisible();
    await expect(visits.getByRole('button', { name: leadName, exact: true })).toHaveCount(0);
    const answer = await page.request.get('/api/admin/visits', {
      params: {
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const { items } = (await answer.json()) as { items: Array<{ leadName: string; status: string }> };
    expect(items.find((item) => item.leadName === leadName)?.status).toBe('completed');
    await rep.page.context().close();
  });

  for (const width of [390, 1280]) {
    test(`the bell’s panel opens inside the screen at ${width} px, under the bell`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await page.goto('/admin/crm/my-day');
      await waitForCrmScreen(page);
      const bell = page.getByTestId('notification-bell');
      await bell.click();
      const panel = page.locator('section.notification-panel');
      await expect(panel).toBeVisible();
      const box = await panel.boundingBox();
      const bellBox = await bell.boundingBox();
      if (!box || !bellBox) throw new Error('the panel or the bell has no box');
      // Every pixel of it on the screen, with a margin, below the bell.
      expect(box.x).toBeGreaterThanOrEqual(8);
      expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
      expect(box.y).toBeGreaterThanOrEqual(bellBox.y + bellBox.height);
      expect(box.width).toBeGreaterThanOrEqual(Math.min(380, width - 24) - 1);
      // On a laptop it still hangs from the bell (its end under the bell's end).
      if (width === 1280) expect(Math.abs(box.x + box.width - (bellBox.x + bellBox.width))).toBeLessThanOrEqual(1);
    });
  }

  for (const width of [1280, 390]) {
    test(`axe-clean and keyboard operable at ${width} px`, async ({ page, browser }) => {
      test.slow();
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      const rep = await newRep(page, browser, reps);
      await rep.page.setViewportSize({ width, height: 800 });
      await expect(rep.page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
      await setNewLeadToasts(rep.page.request, false);
      const lead = await createLead(page.request, { firstName: uniqueName('Kbd') });
      await page.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: rep.id } });
      const followUp = await page.request.patch(`/api/admin/leads/${lead.id}`, {
        data: { nextFollowUpAt: new Date(Date.now() - 3_600_000).toISOString() },
      });
      expect(followUp.status()).toBe(200);
      const leadName = `${lead.firstName} Tester`;
      const { name: visitName } = await visitToday(page, rep.id, 'Axe');
      const followUps = rep.page.getByRole('region', { name: /^Follow-ups due/ });
      await expect(followUps.getByRole('button', { name: leadName, exact: true })).toBeVisible();
      const visits = rep.page.getByRole('region', { name: /^Visits today/ });
      await expect(visits.getByRole('button', { name: visitName, exact: true })).toBeVisible();
      await waitForCrmScreen(rep.page);
      await scan(rep.page, `My Day at ${width}`);

      // The bell by keyboard: Enter opens its list, Tab reaches the notification, Escape closes it.
      await rep.page.getByTestId('notification-bell').focus();
      await rep.page.keyboard.press('Enter');
      const panel = rep.page.getByRole('region', { name: 'Your notifications' });
      await expect(panel).toBeVisible();
      await scan(rep.page, `notifications at ${width}`);
      await rep.page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // Snooze by keyboard: the follow-up leaves today's list.
      const snooze = followUps.getByRole('button', { name: `Snooze ${leadName}` });
      await snooze.focus();
      await rep.page.keyboard.press('Enter');
      await expect(rep.page.getByRole('menuitem', { name: 'In 1 hour' })).toBeFocused();
      await rep.page.keyboard.press('ArrowDown');
      const tomorrow = rep.page.getByRole('menuitem', { name: 'Tomorrow 9 AM' });
      await expect(tomorrow).toBeFocused();
      await rep.page.keyboard.press('Enter');
      await expect(followUps.getByRole('button', { name: leadName, exact: true })).toHaveCount(0);
      await rep.page.context().close();
    });
  }
});
