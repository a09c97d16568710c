import { DEFAULT_COMPANY } from '@shine/shared/company';
import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { PUBLIC_ROUTES } from './support.ts';

test.describe('public routes', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} answers 200 with its key copy`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toContain('text/html');
      const main = page.locator('body');
      for (const text of route.copy) await expect(main).toContainText(text);
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }

  test('every page has a unique title and description, Open Graph tags, and a canonical URL when indexed', async ({
    page,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title, route.path).toContain(DEFAULT_COMPANY.name);
      expect(description?.length ?? 0, route.path).toBeGreaterThan(50);
      titles.add(title);
      descriptions.add(description ?? '');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
      await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname.replace(/\/$/, '')).toBe(route.path.replace(/\/$/, ''));
    }
    expect(titles.size).toBe(PUBLIC_ROUTES.length);
    expect(descriptions.size).toBe(PUBLIC_ROUTES.length);
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.notFound.title);
    await expect(page.getByText(MESSAGES.notFound.text)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the home page ships no React and no island', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('astro-island')).toHaveCount(0);
    // Only the page script (dates, scroll-to-top) and what it imports; none of it framework code.
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body, url).not.toMatch(/react|createElement|__CLIENT_INTERNALS|astro-island/i);
    }
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').count();
    expect(inline).toBe(0);
  });

  test('home header: logo to the external site, quote and call buttons, staff access in the footer', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: /Lone Star Shine/ })).toHaveAttribute(
      'href',
      DEFAULT_COMPANY.externalUrl,
    );
    await expect(header.getByRole('link', { name: 'Get a Free Quote' })).toHaveAttribute('href', '/quote');
    await expect(header.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:/);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Staff Access' })).toHaveAttribute('href', '/admin');
    for (const network of ['Facebook', 'Instagram', 'X']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${network} `) })).toHaveAttribute('target', '_blank');
    }
  });

  test('the mobile menu opens without JavaScript framework code and lists the pages', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();
    await page.locator('summary.mobile-menu__toggle').click();
    await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quote', exact: true })).toBeVisible();
    await context.close();
  });

  test('footer year and legal last-updated date come from the visitor clock', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-05T10:00:00'));
    await page.goto('/privacy');
    await expect(page.locator('[data-current-year]')).toHaveText('2031');
    await expect(page.locator('time[data-current-date]')).toHaveText('March 5, 2031');
    await expect(page.locator('time[data-current-date]')).toHaveAttribute('datetime', '2031-03-05');
  });

  test('a change of the URL query scrolls back to the top', async ({ page }) => {
    await page.clock.install();
    await page.goto('/faq');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.evaluate(() => history.pushState({}, '', '/faq?group=payment'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Back to the entry without a query: the browser restores 1500, then the script scrolls up.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.evaluate(() => history.replaceState({}, '', '/faq?group=payment'));
    await page.goBack();
    await expect.poll(() => page.evaluate(() => [window.scrollY, window.location.search])).toEqual([0, '']);

    // A change that keeps the query does not scroll. Time is paused and motion reduced, so a scroll the
    // script had scheduled would be done once the clock has run a second; a query change shows it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.evaluate(() => history.pushState({}, '', '/faq#payment'));
    await page.clock.runFor(1_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    await page.evaluate(() => history.pushState({}, '', '/faq?group=payment'));
    await page.clock.runFor(1_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a page opened with a query scrolls to the top', async ({ page }) => {
    await page.goto('/privacy?ref=newsletter#data-retention');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('sitemap.xml, robots.txt and the business JSON-LD', async ({ page, request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of ['/quote', '/services', '/about', '/contact', '/faq', '/privacy', '/terms']) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml).not.toContain('/thank-you');

    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /admin');

    await page.goto('/');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data['@type']).toBe('HouseCleaning');
    // The 22 Dallas-Fort Worth cities the company serves.
    expect(data.areaServed).toHaveLength(22);
    expect(data.openingHoursSpecification.length).toBeGreaterThanOrEqual(2);
    expect(data.contactPoint[0].telephone).toBe(DEFAULT_COMPANY.phone);
    expect(JSON.stringify(data)).not.toMatch(/aggregateRating|"review"/i);
  });
});
