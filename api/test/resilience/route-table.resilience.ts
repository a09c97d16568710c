// The route table the matrix and the generated requests use (support/routes.ts) against the routes the
// app really registers, walked from Express's router stack: a route added to the API without being
// added to the table (and so to every suite here) fails this test, and so does a route the table
// names that the app does not serve.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listApiRoutes } from '../support/express-routes.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { ROUTES, routeKey } from './support/routes.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

it('covers exactly the /api routes the app registers', () => {
  const served = listApiRoutes(app.express);
  const tested = new Set(ROUTES.map(routeKey));
  expect(served.size, 'routes found in the router stack').toBeGreaterThan(10);
  expect([...served].filter((key) => !tested.has(key)).sort(), 'served but not in the tested route table').toEqual([]);
  expect([...tested].filter((key) => !served.has(key)).sort(), 'in the route table but not served').toEqual([]);
});
