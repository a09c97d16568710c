// A call to the company number nobody answers (the provider's signed voice webhooks, as Twilio calls
// them): the salesperson on duty sees it arrive live in My Day's Call back list, and "Make a lead"
// opens the New lead form with the caller's phone filled in; the Calls page lists it and is axe-clean.
// It runs against the quote-mail server (E2E_MAIL_BASE_URL: PUBLIC_ORIGIN and the provider's token are
// set there) and puts someone on duty for that server, so it runs with its other specs, one at a time
// (the chromium-mail project).
import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { animationsSettled, axeBuilder, liveRefreshesSettled } from '../support/axe.ts';
import { E2E_MAIL_BASE_URL, E2E_SMS_AUTH_TOKEN } from '../support/env.ts';
import { expect, test } from '../support/test.ts';
import { phoneDigits, uniquePhone } from '../support/unique.ts';
import { disableReps, newRep, setNewLeadToasts, signIn } from './support.ts';

test.use({ baseURL: E2E_MAIL_BASE_URL });

/** The salespeople this spec set up: disabled when each test ends. */
const reps: string[] = [];

test.afterEach(async ({ page }) => {
  // Nobody on duty again for whatever runs next on this server.
  const off = await page.request.put('/api/admin/settings/lead-alerts', { data: DEFAULT_SPEED_TO_LEAD_SETTINGS });
  expect(off.status(), await off.text()).toBe(200);
  await disableReps(page.request, reps);
});

/** Twilio's signature: the URL, then every parameter sorted by name, HMAC-SHA1 with the auth token, base64. */
function signatureOf(path: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], `${E2E_MAIL_BASE_URL}${path}`);
  return createHmac('sha1', E2E_SMS_AUTH_TOKEN).update(signed, 'utf8').digest('base64');
}

async function provider(request: APIRequestContext, path: string, params: Record<string, string>): Promise<string> {
  const response = await request.post(path, {
    form: params,
    headers: { 'x-twilio-signature': signatureOf(path, params) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.text();
}

/** The call rings (in business hours the phones ring; outside them it is missed at once), then nobody answers. */
async function missedCall(request: APIRequestContext, from: string): Promise<void> {
  const CallSid = `CAe2e${Date.now()}`;
  const answer = await provider(request, '/api/webhooks/voice', { CallSid, From: from, To: '+12145550000' });
  if (answer.includes('<Dial')) {
    await provider(request, '/api/webhooks/voice/status', {
      CallSid,
      From: from,
      To: '+12145550000',
      DialCallStatus: 'no-answer',
      DialCallDuration: '0',
    });
  }
}

async function scan(page: Page, what: string) {
  await liveRefreshesSettled(page);
  await animationsSettled(page);
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a missed call reaches the on-duty salesperson’s My Day live; make a lead opens the form with the phone', async ({
  page,
  browser,
}) => {
  test.slow(); // two people, the live stream, a lazily loaded dialog
  await signIn(page);
  await setNewLeadToasts(page.request, false);
  const rep = await newRep(page, browser, reps, E2E_MAIL_BASE_URL);
  await expect(rep.page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
  const saved = await page.request.put('/api/admin/settings/lead-alerts', {
    data: { ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(rep.id) },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const from = `+1${phoneDigits(uniquePhone())}`;
  await missedCall(page.request, from);

  // Live: the page is not reloaded.
  const callBacks = rep.page.getByRole('region', { name: /^Call back/ });
  const item = callBacks.getByRole('listitem').filter({ hasText: from });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Missed call');
  await expect(item.getByRole('link', { name: `Call back ${from}` })).toHaveAttribute('href', /^tel:/);

  await item.getByRole('button', { name: `Make a lead of ${from}` }).click();
  const dialog = rep.page.getByRole('dialog', { name: 'New lead' });
  await expect(dialog.getByLabel('Phone Number')).toHaveValue(from);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The Calls page lists it, with its actions; axe-clean.
  await rep.page.goto('/admin/crm/calls');
  const listed = rep.page.getByRole('list', { name: 'Calls' }).getByRole('listitem').filter({ hasText: from });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText('Missed');
  await expect(listed.getByRole('button', { name: `Make a lead of ${from}` })).toBeVisible();
  await scan(rep.page, 'Calls');
  await listed.getByRole('button', { name: `Make a lead of ${from}` }).click();
  await expect(rep.page.getByRole('dialog', { name: 'New lead' }).getByLabel('Phone Number')).toHaveValue(from);
  await rep.page.context().close();
});
