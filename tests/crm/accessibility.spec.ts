import type AxeBuilder from '@axe-core/playwright';
import { axeBuilder } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { CRM_SCREEN_PATHS, createLead, searchLeads, signIn, waitForCrmScreen } from './support.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function listed(violations: Violations, what?: string): string[] {
  return violations.map(
    (v) => `${what ? `${what}: ` : ''}${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** WCAG 2.1 A and AA: any violation fails. */
async function scan(page: Page) {
  // A toast fading in (another spec's change, heard live) fails colour contrast until it is opaque
  // (axeBuilder waits for the page's animations).
  const results = await (await axeBuilder(page)).withTags(WCAG_AA).analyze();
  expect(listed(results.violations)).toEqual([]);
}

/** Serious and critical violations, and a heading out of order (moderate, but it breaks navigating by headings). */
function seriousOf(violations: Violations): Violations {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order');
}

/** Every axe rule, best practices included: the serious ones fail (seriousOf). */
async function scanAllRules(page: Page, what: string) {
  const results = await (await axeBuilder(page)).analyze();
  expect(listed(seriousOf(results.violations), what)).toEqual([]);
}

/**
 * Both checks above from one scan: every rule runs once, and the WCAG rules' violations (any impact)
 * and every rule's serious ones fail. Half the axe work of the two scans on the same screen.
 */
async function scanWcagAndAllRules(page: Page, what: string) {
  const results = await (await axeBuilder(page)).analyze();
  const wcag = results.violations.filter((v) => v.tags.some((tag) => WCAG_AA.includes(tag)));
  const failing = [...new Set([...wcag, ...seriousOf(results.violations)])];
  expect(listed(failing, what)).toEqual([]);
}

test.describe('CRM accessibility (axe-core)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await scan(page);
  });

  for (const path of [
    '/admin/dashboard',
    '/admin/crm',
    '/admin/crm?section=leads',
    '/admin/crm?section=held',
    '/admin/crm/calls',
    '/admin/crm?section=payments',
    '/admin/crm?section=analytics',
    '/admin/crm?section=team',
    '/admin/crm?section=audit',
    '/admin/crm/my-day?scope=all',
  ]) {
    test(path, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await waitForCrmScreen(page);
      await scan(page);
    });
  }

  // WCAG 2.2.2 (Pause, Stop, Hide): nothing on a screen moves or blinks for more than five seconds
  // unless the person can stop it. An endless animation also keeps the browser drawing frames.
  test('no animation on a loaded screen lasts more than five seconds', async ({ page }) => {
    await signIn(page);
    const endless = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) > 5000)
          .map((animation) => {
            const name = animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name;
            const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
            return `${name} on ${target?.tagName.toLowerCase()}.${target?.className}`;
          }),
      );
    for (const path of CRM_SCREEN_PATHS) {
      await page.goto(path);
      await waitForCrmScreen(page);
      // A spinner of a read still in flight (a button's or a select's loading icon) loops until the read
      // answers; what the rule forbids is one still running after the wait (10 s, over the five seconds).
      await expect.poll(endless, { message: `${path}: an animation that does not end` }).toEqual([]);
    }
  });

  test('set-up password page (a link with a token)', async ({ page }) => {
    await page.goto('/admin/setup-password/an-unused-token-of-forty-characters-long-x');
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await scan(page);
  });

  for (const width of [1280, 390]) {
    test(`Settings, every page, at ${width} px: all rules`, async ({ page }) => {
      await signIn(page);
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin/crm/settings');
      await expect(page).toHaveURL(/\/admin\/crm\/settings\/company$/);
      for (const [tab, card] of [
        ['Company details', 'Company details in e-mails'],
        ['Scheduling', 'Scheduling'],
        ['On-duty alerts', 'Speed to lead: on duty and escalation'],
        ['Missed calls', 'Missed calls'],
        ['Lost reasons', 'Lost reasons'],
      ] as const) {
        await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: tab }).click();
        await expect(page.getByRole('region', { name: card })).toBeVisible();
        await waitForCrmScreen(page);
        await scanWcagAndAllRules(page, `Settings → ${tab}`);
      }
    });
  }

  for (const width of [1280, 390]) {
    test(`held submission and a lead's requests with "Details differ" at ${width} px`, async ({ page, request }) => {
      const name = uniqueName('Axe');
      const phone = uniquePhone();
      await createLead(request, { firstName: name, phone });
      // The same e-mail under another first name, for another service: a repeat whose details differ.
      await createLead(request, {
        firstName: `${name}b`,
        lastName: 'Tester',
        email: `${name.toLowerCase()}@example.com`,
        phone,
        cleaningType: 'Basic',
      });
      const held = await request.post('/api/leads', {
        data: {
          firstName: name,
          lastName: 'Held',
          email: `${name.toLowerCase()}.held@example.com`,
          phone: uniquePhone(),
          zipcode: '75201',
          bedrooms: '2',
          bathrooms: '1',
          cleaningType: 'Basic',
          frequency: 'Weekly',
          website: 'filled by a bot',
        },
      });
      expect(held.status()).toBe(201);
      await page.setViewportSize({ width, height: 844 });
      await signIn(page);
      await page.goto('/admin/crm?section=held');
      await expect(page.getByRole('heading', { name: `${name} Held` })).toBeVisible();
      await page.getByText('More details').first().click();
      await scan(page);

      await page.goto('/admin/crm?section=leads');
      await searchLeads(page, name);
      await page
        .getByRole('button', { name: `${name} Tester`, exact: true })
        .first()
        .click();
      const requests = page.getByRole('dialog').getByRole('region', { name: 'Requests' });
      await expect(requests.getByRole('note')).toContainText('Details differ');
      await scan(page);
    });
  }

  for (const width of [1280, 390]) {
    test(`tabbed dashboard at ${width} px: all rules`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await signIn(page);
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('metric-total').locator('.ant-statistic')).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await scanWcagAndAllRules(page, 'dashboard');
    });

    test(`lead drawer, loading and loaded, at ${width} px: all rules`, async ({ page, request }) => {
      test.slow(); // a large page scanned twice: loading and loaded
      const name = uniqueName('AxeDrawer');
      const lead = await createLead(request, { firstName: name });
      await page.setViewportSize({ width, height: 844 });
      await signIn(page);
      await page.goto('/admin/crm?section=leads');
      await searchLeads(page, name);
      // The lead's details held back, so the drawer is scanned while it is still loading, then loaded.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`**/api/admin/leads/${lead.id}`, async (route) => {
        await held;
        await route.continue();
      });
      await page
        .getByRole('button', { name: `${name} Tester`, exact: true })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.locator('.ant-skeleton')).toBeVisible();
      await scanAllRules(page, 'drawer loading');
      release();
      await expect(drawer.getByRole('heading', { name: 'Activity timeline' })).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await scanWcagAndAllRules(page, 'drawer');
    });

    test(`templates at ${width} px: all rules, the expand links named by what they show`, async ({ page }) => {
      await signIn(page);
      const name = uniqueName('AxeTpl');
      const content = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a long message, {{firstName}}.`).join(
        '\n',
      );
      for (const copy of ['a', 'b', 'c']) {
        const response = await page.request.post('/api/admin/templates', {
          data: { name: `${name} ${copy}`, type: 'email', subject: 'Hello', content, variables: ['firstName'] },
        });
        expect(response.status(), await response.text()).toBe(201);
      }
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin/crm?section=templates');
      await waitForCrmScreen(page);
      const card = page.locator('.ant-card').filter({ hasText: `${name} a` });
      await expect(card.locator('.ant-typography-expand')).toBeVisible();
      await scanWcagAndAllRules(page, 'templates');
      // An experimental rule, so only run when asked for: a control's visible words are part of its name.
      const mismatch = await (await axeBuilder(page)).withRules(['label-content-name-mismatch']).analyze();
      expect(listed(mismatch.violations)).toEqual([]);
      // Expanding still works.
      await card.locator('.ant-typography-expand').click();
      await expect(card.getByText('Line 12 of a long message', { exact: false })).toBeVisible();
    });

    test(`pipeline at ${width} px: all rules`, async ({ page, request }) => {
      const name = uniqueName('AxePipe');
      await createLead(request, { firstName: name });
      await page.setViewportSize({ width, height: 844 });
      await signIn(page);
      await page.goto('/admin/crm?section=leads');
      await searchLeads(page, name);
      await page.getByText('Pipeline', { exact: true }).click();
      await expect(page.locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await scanWcagAndAllRules(page, 'pipeline');
    });
  }
});

/** The CSS animations that start in the page while `open` opens the dialog named `dialog`. */
async function animationsWhileOpening(page: Page, open: () => Promise<void>, dialog: string): Promise<string[]> {
  await page.evaluate(() => {
    const started: string[] = [];
    document.addEventListener('animationstart', (event) => started.push(event.animationName), { capture: true });
    (window as unknown as { animationsStarted: string[] }).animationsStarted = started;
  });
  await open();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
  // antd marks an element `ant-zoom-appear` from the frame it is put in the page until its opening is
  // over, with or without the animation: once no element has it, the zoom has started and ended or
  // never will.
  await expect(page.locator('[class*="ant-zoom"]')).toHaveCount(0);
  return page.evaluate(() => (window as unknown as { animationsStarted: string[] }).animationsStarted);
}

// WCAG 2.3.3 (Animation from Interactions): whoever asks their system for less motion gets dialogs,
// drawers, menus and toasts that appear without zooming or sliding. The e2e suite runs that way
// (playwright.config.ts); the second spec shows the check sees the animation when it is there.
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test.describe(`CRM motion, prefers-reduced-motion: ${reducedMotion}`, () => {
    test.use({ reducedMotion });

    test(`a dialog ${reducedMotion === 'reduce' ? 'opens without' : 'opens with'} its zoom`, async ({ page }) => {
      await signIn(page);
      await page.goto('/admin/crm?section=leads');
      await waitForCrmScreen(page);
      const started = await animationsWhileOpening(
        page,
        () => page.getByRole('button', { name: 'Export' }).click(),
        'Export Leads',
      );
      if (reducedMotion === 'reduce') expect(started).not.toContain('antZoomIn');
      else expect(started).toContain('antZoomIn');
    });
  });
}
