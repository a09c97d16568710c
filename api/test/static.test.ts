import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, expect, it } from 'vitest';
import { describeApi, useTestApp } from './support/test-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

const fixture = mkdtempSync(path.join(tmpdir(), 'shine-static-'));
const siteDir = path.join(fixture, 'site');
const crmDir = path.join(fixture, 'crm');
writeFiles(siteDir, {
  'index.html': '<h1>Home</h1>',
  'quote/index.html': '<h1>Quote</h1>',
  'terms.html': '<h1>Terms</h1>',
  '404.html': '<h1>404 Page Not Found</h1>',
  '_astro/app.3f2a1c.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
writeFiles(crmDir, {
  'index.html': '<div id="root"></div>',
  'assets/index-abc123.js': 'export const crm = 1;',
});

describeApi('the all-in-one server: site at /, CRM at /admin', () => {
  const t = useTestApp({ env: { SITE_DIST_DIR: siteDir, CRM_DIST_DIR: crmDir } });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const get = (url: string) => supertest(t.app).get(url);

  it("serves the home page and both of Astro's page formats without redirects", async () => {
    for (const [url, text] of [
      ['/', 'Home'],
      ['/quote', 'Quote'],
      ['/quote/', 'Quote'],
      ['/quote/index.html', 'Quote'],
      ['/terms', 'Terms'],
      ['/terms.html', 'Terms'],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.text, url).toContain(text);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toBeDefined();
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('revalidates HTML with its ETag (304)', async () => {
    const first = await get('/quote');
    const again = await get('/quote').set('if-none-match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('caches hashed assets for a year, other files revalidate', async () => {
    const astro = await get('/_astro/app.3f2a1c.js');
    expect(astro.status).toBe(200);
    expect(astro.headers['cache-control']).toBe(IMMUTABLE);
    const crm = await get('/admin/assets/index-abc123.js');
    expect(crm.status).toBe(200);
    expect(crm.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses text responses', async () => {
    const response = await get('/_astro/app.3f2a1c.js').set('accept-encoding', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("falls back to the CRM's index.html for its routes", async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/dashboard',
      '/admin/crm',
      '/admin/crm/leads',
      '/admin/crm/my-day?lead=1',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.text, url).toContain('id="root"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not answer a missing CRM asset with HTML', async () => {
    const response = await get('/admin/assets/missing.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('id="root"');
  });

  it("answers unknown paths with the site's 404 page and status 404", async () => {
    for (const url of ['/nope', '/quote/nope', '/..%2f..%2fetc%2fpasswd', '/%E0%A4%A']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.text, url).toContain('404 Page Not Found');
    }
  });

  it('keeps /api answers JSON', async () => {
    const response = await get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.type).toBe('application/json');
  });
});

describeApi('the server before any build exists (API only)', () => {
  const t = useTestApp({ env: { SITE_DIST_DIR: '/nonexistent/site', CRM_DIST_DIR: '/nonexistent/crm' } });

  it('still serves the API, and a plain 404 elsewhere', async () => {
    expect((await supertest(t.app).get('/api/health')).status).toBe(200);
    for (const url of ['/', '/admin', '/quote']) {
      const response = await supertest(t.app).get(url);
      expect(response.status, url).toBe(404);
      expect(response.type).toBe('text/plain');
      expect(response.text).toBe('404 Page Not Found');
    }
  });
});
