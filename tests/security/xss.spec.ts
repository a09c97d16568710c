// Stored XSS and export safety (docs/security.md, "Stored XSS"). Leads, activities, automations and
// templates whose every free-text field holds script and markup payloads are created through the
// API, then shown in every CRM view. The test fails on any dialog, on any payload setting
// window.__xss, on any element with a payload's event handler or a javascript: link in the
// document; and the CSV export must neutralise formula cells while the JSON export keeps the values
// exactly.
import type { Lead } from '@shine/shared/types';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { looksMachineMade } from '@shine/shared/intake';
import { searchLeads } from '../crm/support.ts';
import {
  ATTRIBUTE_PAYLOAD,
  FORMULA_PAYLOADS,
  MARKER,
  SCRIPT_PAYLOADS,
  URL_PAYLOADS,
  fit,
  parseCsv,
  signIn,
} from './support/payloads.ts';

const TAG = `Xss${Date.now().toString(36)}`;
const TEXT_PAYLOADS = [...SCRIPT_PAYLOADS, ...URL_PAYLOADS];
const admin = { origin: E2E_BASE_URL };

/** Phone and zip need 5 characters after trimming; the payload keeps its dangerous start. */
const atLeastFive = (text: string) => text.trim().padEnd(5, '0');

interface Fixture {
  leads: Lead[];
}

/** One lead per payload, the payload in every text field a visitor can fill; then the staff fields. */
async function createHostileData(request: APIRequestContext): Promise<Fixture> {
  await signIn(request);
  const payloads = [...TEXT_PAYLOADS, ...FORMULA_PAYLOADS];
  const leads: Lead[] = [];
  for (const [i, payload] of payloads.entries()) {
    // The quote form refuses tags in names and notes (spam defence); names then carry a payload it
    // takes, and the notes get the payload from staff below.
    const name = looksMachineMade({ firstName: payload, lastName: payload }) ? ATTRIBUTE_PAYLOAD : payload;
    const response = await request.post('/api/leads', {
      data: {
        firstName: fit(name, 100),
        lastName: fit(`${TAG} ${name}`, 100),
        // An address cannot hold markup; a leading + or - is still a formula to a spreadsheet.
        email: `${i % 2 ? '-' : '+'}${TAG.toLowerCase()}${i}@example.com`,
        phone: atLeastFive(fit(payload.trim(), 40)),
        zipcode: atLeastFive(fit(payload.trim(), 10)),
        bedrooms: '2',
        bathrooms: '1',
        cleaningType: 'Basic',
        frequency: 'Weekly',
        notes: looksMachineMade({ firstName: 'A', lastName: 'B', notes: payload }) ? `${TAG} note ${i}` : payload,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const lead = (await response.json()) as Lead;
    // Stored, not filtered: otherwise the views below would prove nothing about this payload.
    expect((await request.get(`/api/admin/leads/${lead.id}`)).status()).toBe(200);
    leads.push(lead);

    const patch = await request.patch(`/api/admin/leads/${lead.id}`, {
      headers: admin,
      data: { tags: [fit(payload, 40), `${TAG}-tag`], notes: payload },
    });
    expect(patch.status(), await patch.text()).toBe(200);
    const activity = await request.post('/api/admin/activities', {
      headers: admin,
      data: { leadId: lead.id, type: 'note', title: fit(payload, 200), description: payload, status: 'pending' },
    });
    expect(activity.status(), await activity.text()).toBe(201);
  }
  for (const payload of TEXT_PAYLOADS) {
    const template = await request.post('/api/admin/templates', {
      headers: admin,
      data: { name: `${TAG} ${payload}`, type: 'email', subject: payload, content: `Hi {{firstName}} ${payload}` },
    });
    expect(template.status(), await template.text()).toBe(201);
    const automation = await request.post('/api/admin/automations', {
      headers: admin,
      data: {
        name: `${TAG} ${payload}`,
        description: payload,
        trigger: 'lead_created',
        conditions: '{}',
        actions: JSON.stringify({ type: 'create_task', title: fit(payload, 200), dueInHours: 1 }),
        isActive: false,
      },
    });
    expect(automation.status(), await automation.text()).toBe(201);
  }
  return { leads };
}

/** Fails the test on any dialog; every payload that runs opens one or sets window.__xss. */
function watchForExecution(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  // An injected image fires its error or load event once it has settled: wait for every image to
  // settle, then for one more task, so those events have run before looking.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(dialogs, `dialogs opened in ${where}`).toEqual([]);
  const found = await page.evaluate((marker) => {
    const w = window as unknown as Record<string, unknown>;
    const handlers = [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((attr) => attr.name.startsWith('on') && attr.value.includes(marker)),
    );
    const links = [...document.querySelectorAll('a[href], area[href], iframe[src], form[action]')].filter((el) =>
      /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? ''),
    );
    const scripts = [...document.scripts].filter((s) => s.textContent?.includes(marker));
    return {
      marker: w[marker],
      handlers: handlers.map((el) => el.outerHTML.slice(0, 120)),
      links: links.map((el) => el.outerHTML.slice(0, 120)),
      scripts: scripts.length,
      iframes: document.querySelectorAll('iframe[srcdoc]').length,
    };
  }, MARKER);
  expect(found, `payloads executed or injected in ${where}`).toEqual({
    marker: undefined,
    handlers: [],
    links: [],
    scripts: 0,
    iframes: 0,
  });
}

let fixture: Fixture;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  fixture = await createHostileData(request);
  await request.dispose();
});

test.describe('stored XSS', () => {
  // Each view is visited once per payload; a loaded CI machine needs more than the default minute.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page.request);
  });

  test('leads table and lead drawer (with its activities) show every payload as text', async ({ page }) => {
    const dialogs = watchForExecution(page);
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, TAG);
    await expect(page.locator('tr.lead-row').filter({ hasText: TAG }).first()).toBeVisible();
    // Shown as text, not parsed: the literal markup is on the screen.
    expect(await page.locator('body').textContent()).toContain('<img src=x onerror=');
    await expectInert(page, dialogs, 'the leads table');

    for (const lead of fixture.leads.slice(0, TEXT_PAYLOADS.length)) {
      const row = page.locator('tr.lead-row').filter({ hasText: lead.email });
      await row.getByText(/^Basic · /).click(); // the service line: plain text in the row
      const drawer = page.getByRole('dialog').filter({ hasText: lead.email });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('article').first()).toBeVisible();
      await expectInert(page, dialogs, `the drawer of ${lead.email} and its activities`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  });

  test('pipeline board shows every payload as text', async ({ page }) => {
    const dialogs = watchForExecution(page);
    await page.goto('/admin/crm?section=leads');
    await page.getByText('Pipeline', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(TAG);
    await expect(page.locator('.pipeline-card').filter({ hasText: TAG })).toHaveCount(fixture.leads.length);
    await expectInert(page, dialogs, 'the pipeline board');
  });

  test('activities section shows every payload as text', async ({ page }) => {
    const dialogs = watchForExecution(page);
    for (const lead of fixture.leads.slice(0, TEXT_PAYLOADS.length)) {
      await page.goto('/admin/crm?section=activities');
      // The answer to this very search: the picker first lists the newest leads, this one among them,
      // and an option clicked from that list can be replaced under the click by the search's answer.
      const lookup = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/admin/leads' && url.searchParams.get('search') === lead.email;
      });
      await page.getByRole('combobox', { name: 'Lead' }).fill(lead.email);
      await lookup;
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: lead.email })
        .click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectInert(page, dialogs, `the activities of ${lead.email}`);
    }
  });

  test('automations, templates and the tabbed dashboard show every payload as text', async ({ page }) => {
    const dialogs = watchForExecution(page);
    for (const section of ['automations', 'templates']) {
      await page.goto(`/admin/crm?section=${section}`);
      await expect(page.getByText(TAG).first()).toBeVisible();
      await expectInert(page, dialogs, `the ${section} section`);
    }
    await page.goto('/admin/dashboard?tab=leads');
    await page.getByRole('searchbox').first().fill(TAG);
    await expect(page.getByText(TAG).first()).toBeVisible();
    await expectInert(page, dialogs, 'the dashboard leads tab');
    for (const tab of ['Overview', 'Activities', 'Automations', 'Templates', 'Analytics']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectInert(page, dialogs, `the dashboard ${tab} tab`);
    }
  });
});

test.describe('intake', () => {
  test('a quote with markup in the name is held for review, not made a lead, and shown in the Held view as text', async ({
    page,
    request,
  }) => {
    const email = `${TAG.toLowerCase()}-markup@example.com`;
    const answer = await request.post('/api/leads', {
      data: {
        firstName: SCRIPT_PAYLOADS[0],
        lastName: TAG,
        email,
        phone: '214-555-0142',
        zipcode: '75201',
        bedrooms: '2',
        bathrooms: '1',
        cleaningType: 'Basic',
        frequency: 'Weekly',
      },
    });
    expect(answer.status()).toBe(201);
    await signIn(request);
    const found = await request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
    expect(((await found.json()) as { total: number }).total).toBe(0);
    const held = (await (await request.get('/api/admin/held-submissions?pageSize=100')).json()) as {
      items: Array<{ rule: string; payload: { email: string; firstName: string } }>;
    };
    const item = held.items.find((entry) => entry.payload.email === email);
    expect(item).toMatchObject({ rule: 'machine_content', payload: { firstName: SCRIPT_PAYLOADS[0] } });

    await signIn(page.request);
    const dialogs = watchForExecution(page);
    await page.goto('/admin/crm?section=held');
    await expect(page.getByText(email).first()).toBeVisible();
    expect(await page.locator('body').textContent()).toContain(SCRIPT_PAYLOADS[0]);
    await expectInert(page, dialogs, 'the Held view');
  });
});

test.describe('export safety', () => {
  test('CSV export neutralises formula cells; JSON export keeps the values exactly', async ({ request }) => {
    expect(fixture.leads.length).toBe(TEXT_PAYLOADS.length + FORMULA_PAYLOADS.length);
    const fixtureRequest = request;
    await signIn(fixtureRequest);
    const csvAnswer = await fixtureRequest.post('/api/admin/leads/export', {
      headers: admin,
      data: { filter: { search: TAG }, format: 'csv', fields: ['contact', 'service', 'status', 'dates', 'notes'] },
    });
    expect(csvAnswer.status(), await csvAnswer.text()).toBe(200);
    const csv = (await csvAnswer.json()) as { content: string; count: number };
    const rows = parseCsv(csv.content);
    expect(csv.count).toBeGreaterThanOrEqual(TEXT_PAYLOADS.length + FORMULA_PAYLOADS.length);
    expect(rows.length - 1).toBe(csv.count);
    const dangerous = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(dangerous, 'cells a spreadsheet would run as formulas').toEqual([]);
    // The payloads are there, behind the neutralising quote.
    const cells = new Set(rows.flat());
    // (Text fields are trimmed on input, so '\t=1+1' is stored as '=1+1'.)
    for (const payload of FORMULA_PAYLOADS) expect(cells.has(`'${payload.trim()}`), payload).toBe(true);

    const jsonAnswer = await fixtureRequest.post('/api/admin/leads/export', {
      headers: admin,
      data: { filter: { search: TAG }, format: 'json' },
    });
    expect(jsonAnswer.status()).toBe(200);
    const json = (await jsonAnswer.json()) as { content: string };
    const exported = JSON.parse(json.content) as Array<Record<string, unknown>>;
    const notes = new Set(exported.map((lead) => lead.notes));
    for (const payload of [...TEXT_PAYLOADS, ...FORMULA_PAYLOADS]) {
      expect(notes.has(payload.trim()), payload).toBe(true);
    }
  });
});
