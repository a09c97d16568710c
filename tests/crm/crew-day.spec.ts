// A crew's day on a phone (390 px): the crew's visits of the day in order, each with its arrival
// window, the address and its map link, the customer's notes and a call button; axe clean; Done
// before the arrival window asks first, and Cancel leaves the visit as it was; Start says when.
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

const TIME_ZONE = 'America/Chicago';
const DAY = 86_400_000;

test.use({ timezoneId: TIME_ZONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a crew’s day at 390 px: the visit with its address, notes and call button; Done asks before the window', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Crew');
  const lead = await createLead(page.request, {
    firstName: name,
    frequency: 'One Time',
    notes: 'Side door; the key is under the mat.',
  });
  // Staff book it any time ten days ahead (no other spec books then), with where to clean.
  const date = new Date(Date.now() + 10 * DAY).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const noonUtc = Date.parse(`${date}T17:00:00Z`);
  const booked = await page.request.post(`/api/admin/leads/${lead.id}/booking`, {
    data: {
      start: new Date(noonUtc).toISOString(),
      anyTime: true,
      address: { line1: '350 Maple Avenue', line2: 'Apt 12', city: 'McKinney', zip: '75069' },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const visit = ((await booked.json()) as { booking: { visits: Array<{ id: string; crew: number }> } }).booking
    .visits[0];
  if (!visit) throw new Error('no visit');

  await page.goto(`/admin/crm/schedule/crew/${visit.crew}?date=${date}`);
  const card = page.getByRole('article').filter({ hasText: `${name} Tester` });
  await expect(card).toContainText('350 Maple Avenue, Apt 12, McKinney 75069');
  await expect(card.getByRole('link', { name: /^Map of 350 Maple Avenue/ })).toHaveAttribute('target', '_blank');
  await expect(card).toContainText('Side door; the key is under the mat.');
  await expect(card.getByRole('link', { name: new RegExp(`^Call ${name} Tester`) })).toHaveAttribute('href', /^tel:/);

  const scan = await (await axeBuilder(page))
    .include('.crew-day')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Touch targets of at least 44 px: the crew presses them in a van.
  for (const control of [card.getByRole('button', { name: 'Start' }), card.getByRole('button', { name: /^Done/ })]) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }

  // Done ten days early: the question first; Cancel changes nothing.
  await card.getByRole('button', { name: /^Done/ }).click();
  const question = page.getByRole('tooltip').filter({ hasText: 'This cleaning has not started yet' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  const statusOf = async () => {
    const from = new Date(noonUtc - DAY).toISOString();
    const to = new Date(noonUtc + DAY).toISOString();
    const { items } = (await (await page.request.get('/api/admin/visits', { params: { from, to } })).json()) as {
      items: Array<{ id: string; status: string; startedAt: string | null }>;
    };
    return items.find((item) => item.id === visit.id);
  };
  expect(await statusOf()).toMatchObject({ status: 'scheduled', startedAt: null });

  await card.getByRole('button', { name: 'Start' }).tap();
  await expect(card).toContainText('Started');
  expect((await statusOf())?.startedAt).not.toBeNull();
});
