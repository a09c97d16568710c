// The Schedule, live: a salesperson has the week of a free window open; the customer books that
// window from the quote's link; the visit appears without a reload, opens, and is moved to the next
// day by the dialog (the server checks the crew's capacity); the week is axe clean; the customer's
// e-mail about the move, read from the SMTP server this spec starts, names the new time; marking the
// moved visit completed before its window asks first. It runs
// against the quote-mail server of the config (E2E_MAIL_BASE_URL), whose SMTP_URL is that server, and
// alone (SOLO_SPECS in playwright.config.ts): crm/quotes.spec.ts listens on the same SMTP port.
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { E2E_MAIL_BASE_URL, E2E_SMTP_PORT } from '../support/env.ts';
import { decodedText, type SmtpCapture, startSmtpCapture } from '../support/smtp-capture.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

const TIME_ZONE = 'America/Chicago';

test.use({ baseURL: E2E_MAIL_BASE_URL, timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

let smtp: SmtpCapture | undefined;

test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

/** Whitespace as one space: the time's narrow no-break space before AM/PM depends on the ICU at hand. */
const spaced = (text: string) => text.replace(/\s+/gu, ' ');

const DAY = 86_400_000;

/** Monday 00:00 (Chicago, as the browser here) of the week holding `date` ("YYYY-MM-DD"). */
function mondayKey(date: string): number {
  const day = new Date(`${date}T12:00:00Z`);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
}

test('a visit the customer books appears in the Schedule live; staff move it and the customer is e-mailed the new time', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Sched');
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead(page.request, { firstName: name, email, cleaningType: 'Basic', frequency: 'One Time' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  const accepted = await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const slots = (await (await page.request.get(`/api/quotes/${token}/slots`)).json()) as {
    slots: Array<{ start: string }>;
  };
  // A weekday window (Saturday's would be the week's last column, fine too, but the move goes a day on).
  const slot = slots.slots.find((s) => new Date(s.start).getUTCDay() < 5) ?? slots.slots[0];
  if (!slot) throw new Error('no free window');

  await page.goto('/admin/crm?section=schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
  const weeks = Math.round((mondayKey(slot.start.slice(0, 10)) - mondayKey(today)) / (7 * DAY));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('table')).toBeVisible();

  const booked = await page.request.post(`/api/quotes/${token}/booking`, {
    data: { start: slot.start, address: { line1: '4521 Elm Street', city: 'Plano', zip: '75024' } },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const visit = page.getByRole('button', { name: new RegExp(`${name} Tester`) });
  await expect(visit).toBeVisible();

  const scan = await (await axeBuilder(page))
    .include('.schedule')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await visit.click();
  const dialog = page.getByRole('dialog', { name: `${name} Tester` });
  await expect(dialog.getByRole('link', { name: `Open ${name} Tester` })).toBeVisible();
  const startField = dialog.getByLabel('New start');
  const current = await startField.inputValue();
  const nextDay = new Date(`${current}:00Z`);
  nextDay.setUTCDate(nextDay.getUTCDate() + 1);
  const moved = nextDay.toISOString().slice(0, 16);
  await startField.fill(moved);
  await dialog.getByRole('button', { name: 'Move visit' }).click();
  await expect(page.getByText('Visit moved; the customer is e-mailed')).toBeVisible();
  const answer = await page.request.get(`/api/admin/leads/${lead.id}/booking`);
  const { booking } = (await answer.json()) as { booking: { visits: Array<{ start: string }> } };
  expect(booking.visits[0]?.start.slice(0, 16)).toBe(moved);

  // The customer's e-mail about the move, as the SMTP server received it, names the new day and time.
  const newTime = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(booking.visits[0]?.start ?? ''));
  const movedMail = () =>
    smtp?.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => spaced(decodedText(mail.raw)))
      .find((text) => text.includes('We had to move your cleaning'));
  await expect.poll(() => movedMail() !== undefined, { timeout: 15_000 }).toBe(true);
  expect(movedMail()).toContain(spaced(newTime));

  // The moved visit has not begun: "Mark completed" asks first (the safe choice focused), Cancel
  // changes nothing and gives focus back, and only the confirmation completes it.
  await visit.click();
  const complete = dialog.getByRole('button', { name: 'Mark completed' });
  await complete.click();
  const question = page.getByRole('tooltip').filter({ hasText: 'This cleaning has not started yet' });
  await expect(question).toContainText(`${name} Tester’s arrival window starts`);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(complete).toBeFocused();
  const statusNow = async () =>
    (
      (await (await page.request.get(`/api/admin/leads/${lead.id}/booking`)).json()) as {
        booking: { visits: Array<{ status: string }> } | null;
      }
    ).booking?.visits[0]?.status;
  expect(await statusNow()).toBe('scheduled');
  await complete.click();
  await question.getByRole('button', { name: 'Mark completed early' }).click();
  await expect(page.getByText('Visit completed')).toBeVisible();
  const visits = await page.request.get('/api/admin/visits', {
    params: { from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + 30 * DAY).toISOString() },
  });
  const { items } = (await visits.json()) as { items: Array<{ leadId: string; status: string }> };
  expect(items.find((item) => item.leadId === lead.id)?.status).toBe('completed');
});

test('the day view: a visit dragged to the other crew at the same time moves there, with nothing sent to the customer', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const name = uniqueName('Drag');
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead(page.request, { firstName: name, email, cleaningType: 'Basic', frequency: 'One Time' });
  const draft = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: {} });
  const sent = await page.request.post(`/api/admin/quotes/${(await draft.json()).id}/send`, { data: { email: false } });
  const token = new URL(((await sent.json()) as { url: string }).url).pathname.split('/').pop();
  await page.request.post(`/api/quotes/${token}/accept`, { data: { name: `${name} Tester` } });
  const { slots } = (await (await page.request.get(`/api/quotes/${token}/slots`)).json()) as {
    slots: Array<{ start: string; end: string }>;
  };
  // A weekday window where no crew has a visit yet (other specs book on this server too): whichever
  // crew the booking takes, the other is free at that time.
  const busy = async (slot: { start: string }) => {
    const start = Date.parse(slot.start);
    const visits = await page.request.get('/api/admin/visits', {
      params: { from: new Date(start - DAY).toISOString(), to: new Date(start + DAY).toISOString() },
    });
    const { items } = (await visits.json()) as { items: Array<{ start: string; end: string; status: string }> };
    return items.some(
      (item) =>
        // A completed visit holds its crew's time as a scheduled one does (only cancelled and skipped free it).
        item.status !== 'cancelled' &&
        item.status !== 'skipped' &&
        Date.parse(item.start) < start + 6 * 3_600_000 &&
        Date.parse(item.end) > start,
    );
  };
  let slot: { start: string } | undefined;
  for (const candidate of slots.filter((s) => new Date(s.start).getUTCDay() < 5)) {
    if (!(await busy(candidate))) {
      slot = candidate;
      break;
    }
  }
  if (!slot) throw new Error('no window without visits');
  const booked = await page.request.post(`/api/quotes/${token}/booking`, {
    data: { start: slot.start, address: { line1: '77 Cedar Court', city: 'Frisco', zip: '75034' } },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookedVisit = ((await booked.json()) as { booking: { visits: Array<{ crew: number; start: string }> } }).booking
    .visits[0];
  const otherCrew = bookedVisit?.crew === 1 ? 2 : 1;

  await page.goto('/admin/crm?section=schedule');
  await page.getByText('Day', { exact: true }).click();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const days = Math.round(
    (Date.parse(`${slot.start.slice(0, 10)}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / DAY,
  );
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next day' }).click();
  const card = page.getByRole('button', { name: new RegExp(`${name} Tester`) });
  await expect(card).toContainText('77 Cedar Court, Frisco');
  const from = page.getByRole('list', { name: new RegExp(`^Crew ${bookedVisit?.crew}:`) });
  const to = page.getByRole('list', { name: new RegExp(`^Crew ${otherCrew}:`) });
  const cardBox = await card.boundingBox();
  const fromBox = await from.boundingBox();
  if (!cardBox || !fromBox) throw new Error('the day is not laid out');
  // Taken near its top, dropped at the same height in the other crew's column: the same time.
  await card.dragTo(to, { sourcePosition: { x: 10, y: 5 }, targetPosition: { x: 10, y: cardBox.y - fromBox.y + 5 } });
  await expect(
    page.getByText('Visit moved to another crew; the customer’s time is the same, so no e-mail is sent'),
  ).toBeVisible();
  await expect(to.getByRole('button', { name: new RegExp(`${name} Tester`) })).toBeVisible();
  const { booking } = (await (await page.request.get(`/api/admin/leads/${lead.id}/booking`)).json()) as {
    booking: { visits: Array<{ crew: number; start: string }> };
  };
  expect(booking.visits[0]).toMatchObject({ crew: otherCrew, start: bookedVisit?.start });

  const scan = await (await axeBuilder(page))
    .include('.schedule')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
