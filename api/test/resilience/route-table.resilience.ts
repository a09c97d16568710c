// The route table the matrix and the generated requests use (support/routes.ts) against the routes the
// app really registers, walked from Express's router stack: a route added to the API without being
// added to the table (and so to every suite here) fails this test, and so does a route the table
// names that the app does not serve.
import type { Express } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { ROUTES, routeKey } from './support/routes.ts';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replaceAll(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Every METHOD /path the router serves, path parameters written as :id. */
function listRoutes(stack: Layer[], prefix = ''): string[] {
  const found: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          found.push(routeKey({ method, path: join(prefix, path).replaceAll(/:\w+/g, ':id') }));
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      found.push(...listRoutes(layer.handle.stack, join(prefix, mount)));
    }
  }
  return found;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

it('covers exactly the /api routes the app registers', () => {
  const router = (app.express as Express & { router: { stack: Layer[] } }).router;
  const served = new Set(listRoutes(router.stack).filter((key) => key.includes(' /api/')));
  const tested = new Set(ROUTES.map(routeKey));
  expect(served.size, 'routes found in the router stack').toBeGreaterThan(10);
  expect([...served].filter((key) => !tested.has(key)).sort(), 'served but not in the tested route table').toEqual([]);
  expect([...tested].filter((key) => !served.has(key)).sort(), 'in the route table but not served').toEqual([]);
});
