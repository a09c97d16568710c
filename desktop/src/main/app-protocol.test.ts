import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  type AppProtocolDeps,
  assertLoopbackDevServer,
  createAppProtocolHandler,
  registerAppScheme,
} from './app-protocol.ts';
import { RENDERER_CSP_HEADER } from './csp.ts';
import { splitSafePath } from './request-path.ts';

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'shine-protocol-'));
  root = path.join(base, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>CRM</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("crm")');
  writeFileSync(path.join(root, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(path.join(root, '.env'), 'SECRET=1');
  // A file next to the build, which no URL may reach.
  writeFileSync(path.join(base, 'secret.txt'), 'outside the renderer build');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function handlerWith(overrides: Partial<AppProtocolDeps> = {}) {
  const fetch = vi.fn<AppProtocolDeps['fetch']>(async () => new Response('{"ok":true}', { status: 200 }));
  const handler = createAppProtocolHandler({
    rendererRoot: root,
    getServerUrl: () => 'https://crm.example.com',
    fetch,
    ...overrides,
  });
  return { handler, fetch };
}

const get = (handler: (request: Request) => Promise<Response>, url: string, init?: RequestInit) =>
  handler(new Request(url, init));

describe('registerAppScheme', () => {
  it('registers shine:// as standard, secure and fetch-capable, and not CORS-readable or CSP-exempt', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged });
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'shine', privileges: APP_SCHEME_PRIVILEGES }]);
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: false,
      bypassCSP: false,
      allowServiceWorkers: false,
    });
  });
});

describe('the renderer files', () => {
  it('serves index.html at /admin with the CSP header and no caching', async () => {
    const { handler } = handlerWith();
    for (const url of ['shine://app/admin', 'shine://app/admin/']) {
      const response = await get(handler, url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP_HEADER);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>CRM</title>');
    }
  });

  it('falls back to index.html for the CRM’s client-side routes', async () => {
    const { handler } = handlerWith();
    for (const route of ['/admin/dashboard', '/admin/crm', '/admin/crm/leads/42', '/admin/dashboard?tab=leads']) {
      const response = await get(handler, `shine://app${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<title>CRM</title>');
    }
  });

  it('serves fingerprinted assets with their type and a long cache lifetime', async () => {
    const { handler } = handlerWith();
    const script = await get(handler, 'shine://app/admin/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toBe('console.log("crm")');
    const css = await get(handler, 'shine://app/admin/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for a missing asset instead of handing out index.html', async () => {
    const { handler } = handlerWith();
    expect((await get(handler, 'shine://app/admin/assets/missing.js')).status).toBe(404);
  });

  it('answers HEAD without a body and refuses writes to files', async () => {
    const { handler } = handlerWith();
    const head = await get(handler, 'shine://app/admin/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect((await get(handler, 'shine://app/admin', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('never serves dot-files', async () => {
    const { handler } = handlerWith();
    expect((await get(handler, 'shine://app/admin/.env')).status).toBe(404);
  });

  it.each([
    'shine://app/admin/..%2fsecret.txt',
    'shine://app/admin/%2e%2e%2fsecret.txt',
    'shine://app/admin/assets/..%2F..%2Fsecret.txt',
    'shine://app/admin/..%5csecret.txt',
    'shine://app/admin/%00index.html',
    'shine://app/admin/C:%5cWindows%5cwin.ini',
    'shine://app/admin/%E0%A4%A',
  ])('refuses the traversal attempt %s', async (url) => {
    const { handler } = handlerWith();
    const response = await get(handler, url);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('outside the renderer build');
  });

  it('keeps literal dot segments inside the app (the URL parser folds them before the handler sees them)', async () => {
    const { handler, fetch } = handlerWith();
    const response = await get(handler, 'shine://app/admin/../../secret.txt');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('outside the renderer build');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('routing', () => {
  it('forwards /api and everything below it to the configured server', async () => {
    const { handler, fetch } = handlerWith();
    await get(handler, 'shine://app/api/health');
    await get(handler, 'shine://app/api/admin/leads?status=new');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://crm.example.com/api/health',
      'https://crm.example.com/api/admin/leads?status=new',
    ]);
  });

  it('does not forward /api-lookalikes or paths outside /api', async () => {
    const { handler, fetch } = handlerWith();
    for (const url of [
      'shine://app/apix/health',
      'shine://app/admin/api/health',
      'shine://app/',
      'shine://app/privacy',
    ]) {
      const response = await get(handler, url);
      expect(response.status, url).toBe(url.includes('/admin/') ? 200 : 404);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses path tricks on the way to the API too', async () => {
    const { handler, fetch } = handlerWith();
    expect((await get(handler, 'shine://app/api/..%2fadmin%2fsecret')).status).toBe(400);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers 503 with a sentence while no server is set up', async () => {
    const { handler, fetch } = handlerWith({ getServerUrl: () => null });
    const response = await get(handler, 'shine://app/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/No server is set up yet/) });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('follows a change of server URL without being recreated', async () => {
    let serverUrl = 'https://old.example.com';
    const { handler, fetch } = handlerWith({ getServerUrl: () => serverUrl });
    await get(handler, 'shine://app/api/health');
    serverUrl = 'https://new.example.com';
    await get(handler, 'shine://app/api/health');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://old.example.com/api/health',
      'https://new.example.com/api/health',
    ]);
  });

  it('refuses other hosts of the scheme', async () => {
    const { handler, fetch } = handlerWith();
    for (const url of ['shine://evil/api/health', 'shine://APP/admin', 'shine://app.evil/admin']) {
      expect((await get(handler, url)).status, url).toBe(404);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns an unexpected failure into a 500 rather than a hung request', async () => {
    const { handler } = handlerWith({
      getServerUrl: () => {
        throw new Error('boom');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await get(handler, 'shine://app/api/health')).status).toBe(500);
  });
});

describe('development', () => {
  it('takes the renderer from the loopback dev server instead of the build', async () => {
    const devFetch = vi.fn<AppProtocolDeps['fetch']>(
      async () => new Response('<html>dev</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const { handler } = handlerWith({ devServerUrl: 'http://localhost:5175/', devFetch });
    const response = await get(handler, 'shine://app/admin/@vite/client');
    expect(devFetch).toHaveBeenCalledWith(
      'http://localhost:5175/admin/@vite/client',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(await response.text()).toBe('<html>dev</html>');
  });

  it('refuses a dev server that is not on this machine', () => {
    expect(assertLoopbackDevServer('http://127.0.0.1:5175')).toBe('http://127.0.0.1:5175');
    expect(() => assertLoopbackDevServer('http://evil.example.com:5175')).toThrow(/non-loopback/);
    expect(() => assertLoopbackDevServer('https://localhost:5175')).toThrow(/non-loopback/);
  });
});

describe('splitSafePath', () => {
  it('decodes ordinary segments', () => {
    expect(splitSafePath('/admin/assets/index-abc.js')).toEqual(['admin', 'assets', 'index-abc.js']);
    expect(splitSafePath('/api/admin/leads/a%20b')).toEqual(['api', 'admin', 'leads', 'a b']);
    expect(splitSafePath('/')).toEqual([]);
  });

  it.each(['/a/..', '/a/.', '/a/%2e%2e', '/a/b%2Fc', '/a/b%5Cc', '/a/%00', '/a/%0a', '/a/D:', '/a/%ZZ'])(
    'refuses %s',
    (p) => {
      expect(splitSafePath(p)).toBeNull();
    },
  );
});
