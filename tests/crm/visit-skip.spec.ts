// One visit of a weekly series skipped by the customer on a 390 px phone, on the quote page's plain
// HTML form (no script): the other visits stay booked, the page says which one is skipped, the Skip
// button is a 44 px touch target and every step is axe clean; the Schedule then shows that visit
// skipped (the phone's week list, then its day view) and the others still scheduled.
import type { Locator, Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

const TIME_ZONE = 'America/Chicago';
const DAY = 86_400_000;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: TIME_ZONE });

async function expectAxeClean(page: Page, include?: string) {
  const builder = (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

/** Monday (UTC date of the Chicago calendar) of the week holding `date` ("YYYY-MM-DD"). */
function mondayKey(date: string): number {
  const day = new Date(`${date}T12:00:00Z`);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
}

interface VisitAnswer {
  id: string;
  start: string;
  status: string;
}

test('the customer skips one visit of a weekly series on a phone, and the Schedule shows it skipped', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Skipper');
  const lead = await createLead(page.request, { firstName: name, cleaningType: 'Basic', frequency: 'Weekly' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const path = new URL(((await sent.json()) as { url: string }).url).pathname;
  const token = path.split('/').pop();
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { slots } = (await (await page.request.get(`/api/quotes/${token}/slots`)).json()) as {
    slots: Array<{ start: string }>;
  };
  // Other specs book windows too: the first one still free when asked.
  let visits: VisitAnswer[] = [];
  for (const slot of slots.slice(0, 5)) {
    const booked = await page.request.post(`/api/quotes/${token}/booking`, {
      data: { start: slot.start, address: { line1: '18 Willow Way', city: 'Plano', zip: '75024' } },
    });
    if (booked.status() === 201) {
      visits = ((await booked.json()) as { booking: { visits: VisitAnswer[] } }).booking.visits;
      break;
    }
  }
  const [first, second] = visits;
  if (!first || !second) throw new Error('no weekly series booked');

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Your cleaning is booked' })).toBeVisible();
  const skipButtons = page.getByRole('button', { name: /^Skip the cleaning of / });
  expect(await skipButtons.count()).toBeGreaterThanOrEqual(2);
  await expectTouchTarget(skipButtons.nth(1));
  await expectAxeClean(page);
  const skip = page.locator(`form[action$="/visits/${second.id}/skip"] button`);
  await expect(skip).toHaveAccessibleName(/^Skip the cleaning of /);
  await skip.click();
  await expect(page.getByRole('heading', { name: 'Your cleaning is booked' })).toBeVisible();
  await expect(page.locator('ul.visits li').filter({ hasText: '(skipped)' })).toHaveCount(1);
  await expect(page.locator(`form[action$="/visits/${second.id}/skip"]`)).toHaveCount(0);
  await expect(page.locator(`form[action$="/visits/${first.id}/skip"]`)).toHaveCount(1);
  await expectAxeClean(page);

  const answer = (await (await page.request.get(`/api/admin/leads/${lead.id}/booking`)).json()) as {
    booking: { visits: VisitAnswer[] };
  };
  expect(answer.booking.visits.find((v) => v.id === second.id)?.status).toBe('skipped');
  expect(answer.booking.visits.find((v) => v.id === first.id)?.status).toBe('scheduled');

  // The Schedule on the phone: the skipped visit's week, its card marked skipped.
  await page.goto('/admin/crm?section=schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const weeks = Math.round((mondayKey(second.start.slice(0, 10)) - mondayKey(today)) / (7 * DAY));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  const card = page.getByRole('button', { name: new RegExp(`${name} Tester.*skipped`) });
  await expect(card).toBeVisible();
  await expectAxeClean(page, '.schedule');

  // The day view of that day (a list on a phone, each visit naming its crew): skipped there too. It
  // opens on today in this week, or on the shown week's Monday.
  await page.getByText('Day', { exact: true }).click();
  const opened = weeks === 0 ? Date.parse(`${today}T12:00:00Z`) : mondayKey(second.start.slice(0, 10)) + DAY / 2;
  const days = Math.round((Date.parse(`${second.start.slice(0, 10)}T12:00:00Z`) - opened) / DAY);
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${name} Tester.*skipped`) })).toBeVisible();
});

test('Settings → Scheduling offers the next federal holidays as closed days with one click, axe clean on a phone', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/crm/settings/scheduling');
  const closed = page.getByRole('group', { name: 'Closed days' });
  await expect(closed).toBeVisible();
  const holiday = closed.getByRole('button', { name: /^Close (?!on every)/ }).first();
  await expect(holiday).toBeVisible();
  const holidayName = ((await holiday.textContent()) ?? '').replace(/^Close /, '');
  await holiday.click();
  // Chosen, not saved: the shared server's other specs keep their windows.
  await expect(closed.getByRole('button', { name: `Closed: ${holidayName}` })).toBeDisabled();
  await expect(closed.getByRole('list', { name: 'Closed days' }).getByRole('listitem')).not.toHaveCount(0);
  await expectTouchTarget(holiday);
  await expectTouchTarget(closed.getByRole('button', { name: /^Remove / }).first());
  await expectTouchTarget(closed.getByLabel('Close another date'));
  await expectAxeClean(page, '.closed-dates');
});
