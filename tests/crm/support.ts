import type { Lead } from '@shine/shared/types';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { animationsSettled } from '../support/axe.ts';
import { test } from '../support/test.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';

export interface LeadInput {
  firstName: string;
  lastName?: string;
  email?: string;
  phone?: string;
  zipcode?: string;
  bedrooms?: string;
  bathrooms?: string;
  cleaningType?: string;
  frequency?: string;
  notes?: string;
}

/** A lead through the public quote endpoint, as a visitor would create it. */
export async function createLead(request: APIRequestContext, input: LeadInput): Promise<Lead> {
  const response = await request.post('/api/leads', {
    data: {
      firstName: input.firstName,
      lastName: input.lastName ?? 'Tester',
      email: input.email ?? `${input.firstName.toLowerCase()}@example.com`,
      // A phone of its own: a request with an open lead's phone and its full name joins that lead (a repeat).
      phone: input.phone ?? uniquePhone(),
      zipcode: input.zipcode ?? '75201',
      bedrooms: input.bedrooms ?? '3',
      bathrooms: input.bathrooms ?? '2',
      cleaningType: input.cleaningType ?? 'Deep',
      frequency: input.frequency ?? 'Weekly',
      notes: input.notes ?? '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Lead;
}

/** `count` leads named `<family>0`, `<family>1`, …, for a search that lists just them; returns the family. */
export async function createLeadFamily(request: APIRequestContext, prefix: string, count: number): Promise<string> {
  const family = uniqueName(prefix);
  for (let i = 0; i < count; i += 1) await createLead(request, { firstName: `${family}${i}` });
  return family;
}

/** Signs the page's browser context in through the API (same cookie jar as the page). */
export async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Turns this person's new-lead toasts on or off (PATCH /api/admin/me/alerts; the setting follows the
 * person, not the page). Off for the shared admin while the specs run in parallel: every quote another
 * spec posts would otherwise pop a toast over the page under test, and one the pointer rests on stays.
 */
export async function setNewLeadToasts(request: APIRequestContext, on: boolean): Promise<void> {
  const response = await request.patch('/api/admin/me/alerts', { data: { newLeadToast: on } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Picks `option` in an antd Select (the combobox `select`). Closed dropdowns stay in the page while
 * they animate out (and a re-render can swallow the opening click), so only a visible option of this
 * select's own dropdown counts (the one holding the listbox its aria-controls names: another select's
 * dropdown, still fading out, may offer the same option), and the select is opened again until one shows.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const label = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  let item: Locator | undefined;
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    const listId = await select.getAttribute('aria-controls');
    expect(listId, 'the select names its listbox').toBeTruthy();
    item = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .filter({ has: page.locator(`[id="${listId}"]`) })
      .locator('.ant-select-item-option')
      .filter({ hasText: label, visible: true });
    await expect(item.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // The option's own click handler, not a pointer aimed at where it was: a list too long to fit below
  // its select flips above it a frame after opening, and a click aimed a frame earlier lands beside it.
  await (item as Locator).first().dispatchEvent('click');
}

/** The visible toast (antd notification) with this title. */
export function toast(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/**
 * Searches the leads list and waits until the debounced request has answered. Act on a result only
 * after it: until then the list shows the newest leads, the lead searched for among them, and the
 * answer moves its card up under the pointer's aim (a phone spec clicked where the card had been, and
 * no drawer opened).
 */
export async function searchLeads(page: Page, text: string): Promise<void> {
  // Compared decoded: the CRM's query string writes a space as "+", encodeURIComponent as "%20".
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/admin/leads' && url.searchParams.get('search') === text;
  });
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(text);
  await answered;
}

/** The table row of a lead, by its full name. */
export function leadRow(page: Page, name: string): Locator {
  return page.locator('tr.lead-row').filter({ has: page.getByRole('button', { name, exact: true }) });
}

/**
 * The latest 200 answer of a GET the page itself makes (by path), so a test compares what the screen
 * shows with the data the screen was given, not with figures that parallel specs keep moving.
 */
export function latestAnswer<T>(page: Page, path: string): () => T | undefined {
  let latest: T | undefined;
  page.on('response', async (response) => {
    if (response.request().method() !== 'GET' || response.status() !== 200) return;
    if (new URL(response.url()).pathname !== path) return;
    // An answer that arrives as the page goes away (the test ended, it navigated) has no body to read
    // and never reached the screen either: it is not the latest the screen shows.
    const body = await response.json().catch(() => undefined);
    if (body !== undefined) latest = body as T;
  });
  return () => latest;
}

/** Every screen of the CRM: the tabbed dashboard, each sidebar section and the pipeline view. */
export const CRM_SCREEN_PATHS = [
  '/admin/dashboard',
  ...[
    'dashboard',
    'leads',
    'calls',
    'held',
    'activities',
    'payments',
    'automations',
    'templates',
    'analytics',
    'team',
    'audit',
  ].map((section) => `/admin/crm?section=${section}`),
  '/admin/crm?section=leads&view=pipeline',
  ...['company', 'scheduling', 'alerts', 'calls', 'lost-reasons', 'payments'].map(
    (page) => `/admin/crm/settings/${page}`,
  ),
];

/** How far the document scrolls sideways: 0 when everything fits the window. */
export function documentOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Waits until a CRM screen shows its data: its heading is up and no skeleton or spinner is left. Not
 * `networkidle`: the live event stream stays open, and it opens soon enough after the first reads
 * that a quiet 500 ms may never come.
 */
export async function waitForCrmScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

/**
 * Waits until the page's width holds still for two frames in a row: a screen that has just received
 * its data lays out again (a board's cards, their selects measuring themselves) for a frame or two,
 * and what a test measures is where the layout comes to rest. Bounded by the test's own timeout.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await animationsSettled(page);
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    let width = document.documentElement.scrollWidth;
    for (let still = 0; still < 2; ) {
      await frame();
      const now = document.documentElement.scrollWidth;
      still = now === width ? still + 1 : 0;
      width = now;
    }
  });
}

const REP_PASSWORD = 'a-long-rep-password-42';

/**
 * A new salesperson, set up through their link, and a page of their own (its own browser context)
 * signed in through the sign-in form. Their id joins `reps`, for disableReps when the test ends.
 */
export async function newRep(
  admin: Page,
  browser: Browser,
  reps: string[],
  /** The server the rep's page uses (the project's by default). */
  baseURL: string | undefined = test.info().project.use.baseURL,
): Promise<{ id: string; name: string; page: Page }> {
  const tag = uniqueName('Rep');
  const name = `Rae ${tag}`;
  const email = `rae.${tag.toLowerCase()}@example.com`;
  const created = await admin.request.post('/api/admin/users', { data: { name, email, role: 'sales' } });
  expect(created.status(), await created.text()).toBe(201);
  const { user, setupUrl } = (await created.json()) as { user: { id: string }; setupUrl: string };
  reps.push(user.id);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const token = new URL(setupUrl).pathname.split('/').pop();
  const set = await page.request.post('/api/setup-password', { data: { token, password: REP_PASSWORD } });
  expect(set.status(), await set.text()).toBeLessThan(300);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(REP_PASSWORD);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  return { id: user.id, name, page };
}

/** Disables the salespeople of `reps` (emptying it), so round robin never chooses them after their test. */
export async function disableReps(request: APIRequestContext, reps: string[]): Promise<void> {
  for (const id of reps.splice(0)) {
    const disabled = await request.patch(`/api/admin/users/${id}`, { data: { disabled: true } });
    expect(disabled.status(), await disabled.text()).toBe(200);
  }
}
