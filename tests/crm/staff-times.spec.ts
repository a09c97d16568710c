// Dates, times and crews as staff read them, from a browser in another time zone (Tokyo) than the
// business (Chicago): the lead drawer and the Schedule write a date alike ("Wed, Dec 2"), every time
// is the business's wall clock labelled "CT", a crew is its name; "Book a visit" offers the lead's
// free windows as the quote page does, or any time (still never in the past) at the business's
// clock; the week's "cancelled" label stays inside its day at 1280 px and on a 390 px phone; the
// leads table's "Assigned" header is one line at 1280 px; the screens are axe clean.
import type { Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { chooseOption, createLead, signIn } from './support.ts';

/** The days of free windows the Book a visit form shows before "Show more days" (BookVisitForm.tsx). */
const DAYS_SHOWN_FIRST = 7;

const BUSINESS = 'America/Chicago';

test.use({ timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 900 } });

/** Whitespace as one space: the narrow no-break space before AM/PM depends on the ICU at hand. */
const spaced = (text: string) => text.replace(/\s+/gu, ' ');

const partsIn = (at: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: BUSINESS })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/** "Wed, Dec 2" (", 2027" in another year), the business's calendar date. */
function businessDate(at: Date): string {
  const { weekday, month, day, year } = partsIn(at, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `${weekday}, ${month} ${day}${year === partsIn(new Date(), { year: 'numeric' }).year ? '' : `, ${year}`}`;
}

/** "2:35 PM", the business's wall clock. */
const businessTime = (at: Date) =>
  spaced(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS }).format(at));

/** "2026-12-02", the business's calendar date. */
const businessDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS }).format(at);

async function expectAxeClean(page: Page, selector: string) {
  const scan = await (await axeBuilder(page))
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function crews(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/admin/settings/scheduling')).json()) as { crews: string[] }).crews;
}

test('the drawer shows business time labelled CT; Book a visit offers the quote page’s windows; the Schedule writes the date alike', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Tz');
  const lead = await createLead(page.request, { firstName: name, cleaningType: 'Basic', frequency: 'One Time' });
  const created = new Date(lead.createdAt);

  await page.goto(`/admin/crm?section=leads&lead=${lead.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(drawer).toBeVisible();
  // Created: the business's date and clock with its zone, not Tokyo's (14 or 15 hours later).
  const createdText = `${businessDate(created)}, ${businessTime(created)} CT`;
  await expect.poll(async () => spaced((await drawer.textContent()) ?? '')).toContain(createdText);

  // The lead's free windows are the ones the quote page would offer for its service.
  const slots = (await (await page.request.get(`/api/admin/leads/${lead.id}/slots`)).json()) as {
    slots: Array<{ start: string; end: string }>;
  };
  // Specs running beside this one book the first free window: this one takes the last window of the
  // last day the form shows before "Show more days" (a week on), which none of them reaches for, so the
  // window cannot go while the form is open (it did once: the click then waited for a window gone).
  const days = [...new Set(slots.slots.map((slot) => businessDate(new Date(slot.start))))];
  const lastShownDay = days[Math.min(days.length, DAYS_SHOWN_FIRST) - 1];
  const first = slots.slots.filter((slot) => businessDate(new Date(slot.start)) === lastShownDay).at(-1);
  if (!first) throw new Error('no free window');
  await drawer.getByRole('button', { name: 'Book a visit' }).click();
  const form = drawer.getByRole('region', { name: 'Book a visit' });
  const firstDay = form.getByRole('group', { name: businessDate(new Date(first.start)) });
  await expect(firstDay).toBeVisible();
  await expectAxeClean(page, '.book-visit-form');
  const firstStart = new Date(first.start);
  const label = `${businessTime(firstStart)
    .replace(':00', '')
    .replace(/ [AP]M$/, '')}–`;
  await firstDay
    .getByText(new RegExp(`^${label}`))
    .first()
    .click();
  await form.getByRole('button', { name: 'Book visit' }).click();
  await expect(page.getByText('Visit booked; the customer is e-mailed')).toBeVisible();
  const booking = (await (await page.request.get(`/api/admin/leads/${lead.id}/booking`)).json()) as {
    booking: { visits: Array<{ start: string; crew: number }> };
  };
  const visit = booking.booking.visits[0];
  expect(visit?.start).toBe(first.start);
  const crewName = (await crews(page))[(visit?.crew ?? 1) - 1] ?? '';
  // The drawer's visit: the same date format, the zone, the crew's name.
  await expect(
    drawer.getByText(`${businessDate(firstStart)}, arrival ${businessTime(firstStart)}`, { exact: false }),
  ).toContainText(`CT, ${crewName}`);

  // The Schedule's column for that day is headed with the same words.
  await page.goto('/admin/crm?section=schedule');
  const today = new Date();
  const mondayOf = (day: string) => {
    const at = new Date(`${day}T12:00:00Z`);
    return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  };
  const weeks = Math.round((mondayOf(businessDay(firstStart)) - mondayOf(businessDay(today))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('columnheader', { name: businessDate(firstStart), exact: true })).toBeVisible();
  await expect(page.getByText('times in CT')).toBeVisible();
});

test('Book a visit at any time: the business’s clock from a browser in Tokyo, never in the past', async ({ page }) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Any');
  const lead = await createLead(page.request, { firstName: name, cleaningType: 'Basic', frequency: 'One Time' });
  await page.goto('/admin/crm?section=schedule');
  await page.getByRole('button', { name: 'Book a visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a visit' });
  const picker = dialog.getByRole('combobox', { name: 'Lead' });
  await picker.fill(name);
  await chooseOption(page, picker, `${name} Tester · ${name.toLowerCase()}@example.com`);
  await dialog.locator('label', { hasText: 'Any time' }).click();
  await expect(dialog.getByLabel('Arrival time (CT)')).toBeVisible();

  // Earlier today (business day) has passed.
  const now = new Date();
  await dialog.getByLabel('Date', { exact: true }).fill(businessDay(now));
  await dialog.getByLabel('Arrival time (CT)').fill('00:00');
  await dialog.getByRole('button', { name: 'Book visit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('That time has passed. Pick a time still to come.');

  // Two days on at 7:15 PM Chicago time: after closing, outside every window.
  const later = new Date(now.getTime() + 2 * 86_400_000);
  await dialog.getByLabel('Date', { exact: true }).fill(businessDay(later));
  await dialog.getByLabel('Arrival time (CT)').fill('19:15');
  await dialog.getByRole('button', { name: 'Book visit' }).click();
  await expect(page.getByText('Visit booked; the customer is e-mailed')).toBeVisible();
  const booking = (await (await page.request.get(`/api/admin/leads/${lead.id}/booking`)).json()) as {
    booking: { visits: Array<{ start: string }> };
  };
  const start = booking.booking.visits[0]?.start ?? '';
  expect(start.slice(0, 16)).toBe(`${businessDay(later)}T19:15`);
  expect(businessTime(new Date(start))).toBe('7:15 PM');
});

async function expectInsideItsCell(page: Page, name: string) {
  const button = page.getByRole('button', { name: new RegExp(name) });
  await expect(button).toBeVisible();
  const tag = button.locator('.ant-tag', { hasText: 'cancelled' });
  await expect(tag).toHaveAttribute('title', 'cancelled');
  const fits = await button.evaluate((node) => {
    const cell = node.closest('td, li') as HTMLElement;
    const box = cell.getBoundingClientRect();
    return [...node.querySelectorAll('.ant-tag, span')].every((child) => {
      const inner = child.getBoundingClientRect();
      return inner.left >= box.left - 0.5 && inner.right <= box.right + 0.5;
    });
  });
  expect(fits).toBe(true);
}

test('a cancelled visit’s label stays inside its day at 1280 px and on a 390 px phone', async ({ page }) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Cancelledlabel');
  const lead = await createLead(page.request, {
    firstName: name,
    lastName: 'Longlastname-Featherstonehaugh',
    cleaningType: 'Basic',
    frequency: 'One Time',
  });
  // Tomorrow morning at 6 AM (business time): this week's or next week's column.
  const tomorrow = businessDay(new Date(Date.now() + 86_400_000));
  const probe = new Date(`${tomorrow}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS, timeZoneName: 'longOffset' })
    .format(probe)
    .split('GMT')[1];
  const start = `${tomorrow}T06:00:00${offset}`;
  const booked = await page.request.post(`/api/admin/leads/${lead.id}/booking`, { data: { start, anyTime: true } });
  expect(booked.status(), await booked.text()).toBe(201);
  const visitId = ((await booked.json()) as { booking: { visits: Array<{ id: string }> } }).booking.visits[0]?.id;
  const cancelled = await page.request.patch(`/api/admin/visits/${visitId}`, { data: { status: 'cancelled' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  const open = async () => {
    await page.goto('/admin/crm?section=schedule');
    const todaySunday = new Date(`${businessDay(new Date())}T12:00:00Z`).getUTCDay() === 0;
    // Sunday's tomorrow is next week's Monday.
    if (todaySunday) await page.getByRole('button', { name: 'Next week' }).click();
  };
  await open();
  await expectInsideItsCell(page, name);
  await expectAxeClean(page, '.schedule');

  await page.setViewportSize({ width: 390, height: 844 });
  await open();
  await expectInsideItsCell(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the leads table’s Assigned header is one line at 1280 px', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/crm?section=leads');
  const header = page.getByRole('columnheader', { name: 'Assigned' });
  await expect(header).toBeVisible();
  const lines = await header.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return { lines: tops.size, overflow: node.scrollWidth - node.clientWidth };
  });
  expect(lines).toEqual({ lines: 1, overflow: 0 });
});

/** "Dec 4, 2026": the picker's date as it is typed. */
const pickerDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The instant of a wall-clock time ("10:30") on a business day, as the business's zone has it. */
function businessInstant(day: string, time: string): number {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS, timeZoneName: 'longOffset' })
    .format(new Date(`${day}T12:00:00Z`))
    .split('GMT')[1];
  return new Date(`${day}T${time}:00${offset || 'Z'}`).getTime();
}

test('a follow-up picked in Tokyo is the business’s 10:30 AM; the header’s date and the Live time say CT', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Pick');
  const lead = await createLead(page.request, { firstName: name, cleaningType: 'Basic', frequency: 'One Time' });
  await page.goto(`/admin/crm?section=leads&lead=${lead.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(drawer).toBeVisible();

  // The header: the business's date (Tokyo is often a day ahead), labelled.
  const now = new Date();
  const longDate = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: BUSINESS,
  }).format(now);
  await expect(page.getByTestId('crm-current-date')).toHaveText(`${longDate} (CT)`);
  await expect(page.getByTestId('crm-current-date').locator('time')).toHaveAttribute('datetime', businessDay(now));

  // Two business days on, 10:30 AM, typed into the picker labelled with the zone.
  const day = businessDay(new Date(now.getTime() + 2 * 86_400_000));
  const followUp = drawer.getByLabel('Next follow-up (CT)');
  await followUp.click();
  await followUp.fill(`${pickerDate(day)} 10:30 AM`);
  await followUp.press('Enter');
  await expect(followUp).toHaveValue(`${pickerDate(day)} 10:30 AM`);
  await expectAxeClean(page, '.lead-edit-form');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect
    .poll(async () => {
      const saved = (await (await page.request.get(`/api/admin/leads/${lead.id}`)).json()) as {
        nextFollowUpAt: string | null;
      };
      return saved.nextFollowUpAt ? new Date(saved.nextFollowUpAt).getTime() : null;
    })
    .toBe(businessInstant(day, '10:30'));

  // Opened again, the picker reads the business's 10:30 AM, not Tokyo's 12:30 or 1:30 AM.
  await page.reload();
  await expect(page.getByRole('dialog', { name: new RegExp(name) }).getByLabel('Next follow-up (CT)')).toHaveValue(
    `${pickerDate(day)} 10:30 AM`,
  );

  // The Live indicator's last update: the business's clock, labelled (the drawer closed: it covers the header).
  await page.goto('/admin/crm?section=leads');
  await page.locator('.live-indicator').hover();
  const tip = page.getByRole('tooltip').filter({ hasText: 'Last updated' });
  await expect(tip).toBeVisible();
  const match = /Last updated (\d{1,2}):(\d{2}):\d{2}\s([AP]M) CT/u.exec(spaced((await tip.textContent()) ?? ''));
  expect(match).not.toBeNull();
  const [, hour = '0', minute = '0', half] = match ?? [];
  const shown = ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
  const { hour: h, minute: m } = partsIn(new Date(), { hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  const business = Number(h) * 60 + Number(m);
  // Within a few minutes of the business's clock now (Tokyo's is 14 or 15 hours off).
  expect(Math.min(Math.abs(business - shown), 1440 - Math.abs(business - shown))).toBeLessThanOrEqual(3);
});
