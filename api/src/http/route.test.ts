import { empty, json, operation } from '@shine/shared/operations/operation';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler.ts';
import { operationRouter, pathInside } from './route.ts';

const thingSchema = z.object({ id: z.string(), size: z.number() });
const getThing = operation({
  method: 'get',
  path: '/api/admin/things/:id',
  tag: 'Test',
  summary: 'A thing',
  access: 'public',
  params: z.object({ id: z.uuid({ error: 'Id must be a UUID' }) }),
  query: z.object({ size: z.coerce.number().int().default(1) }),
  answers: { 200: json(thingSchema, 'The thing.') },
});
const listThings = operation({
  method: 'get',
  path: '/api/admin/things',
  tag: 'Test',
  summary: 'Every thing',
  access: 'public',
  answers: { 200: json(z.array(thingSchema), 'The things.') },
});
const deleteThing = operation({
  method: 'delete',
  path: '/api/admin/things/:id',
  tag: 'Test',
  summary: 'Delete a thing',
  access: 'session',
  role: 'admin',
  params: z.object({ id: z.string() }),
  answers: { 204: empty('Deleted.') },
});

function appWith(mount: (route: ReturnType<typeof operationRouter>['route']) => void, role?: 'admin' | 'sales') {
  const { router, route } = operationRouter('/api/admin/things');
  mount(route);
  const app = express();
  app.use((req, _res, next) => {
    if (role) Object.assign(req, { session: { userId: 'u', username: 'u@example.com', role } });
    next();
  });
  app.use('/api/admin/things', router);
  app.use(errorHandler);
  return app;
}

const ID = '6f1c2a4e-1111-4222-8333-444455556666';

describe('operationRouter', () => {
  it('serves an entry at its path inside the router, with its params and query parsed', async () => {
    const app = appWith((route) => {
      route(getThing, (req, res) => {
        res.json({ id: req.params.id, size: req.query.size });
      });
    });
    const { body } = await supertest(app).get(`/api/admin/things/${ID}?size=3`).expect(200);
    expect(body).toEqual({ id: ID, size: 3 });
    expect((await supertest(app).get(`/api/admin/things/${ID}`).expect(200)).body.size).toBe(1);
  });

  it("refuses input that fails the entry's schema with the validation middleware's 400", async () => {
    let reached = false;
    const app = appWith((route) => {
      route(getThing, (_req, res) => {
        reached = true;
        res.json({ id: ID, size: 1 });
      });
    });
    const { body } = await supertest(app).get('/api/admin/things/not-an-id').expect(400);
    expect(body.message).toBe('Id must be a UUID');
    expect(body.issues).toEqual([{ path: 'id', message: 'Id must be a UUID' }]);
    expect(reached).toBe(false);
  });

  it('runs the guards before the parsing, and leaves an entry without schemas unparsed', async () => {
    const seen: string[] = [];
    const app = appWith((route) => {
      route(
        getThing,
        [
          (_req, res) => {
            seen.push('guard');
            res.status(401).json({ message: 'Not signed in' });
          },
        ],
        (_req, res) => res.json({ id: ID, size: 1 }),
      );
      route(listThings, (_req, res) => res.json([]));
    });
    await supertest(app).get('/api/admin/things/not-an-id').expect(401);
    expect(seen).toEqual(['guard']);
    // A NUL in a query the entry does not read is not refused: nothing parses it.
    await supertest(app).get('/api/admin/things?x=%00').expect(200);
  });

  it("checks the entry's access: a session, then its role", async () => {
    const deleted: string[] = [];
    const mount = (route: ReturnType<typeof operationRouter>['route']) =>
      route(deleteThing, (req, res) => {
        deleted.push(req.params.id);
        res.status(204).end();
      });
    expect((await supertest(appWith(mount)).delete('/api/admin/things/a').expect(401)).body.message).toBeTruthy();
    await supertest(appWith(mount, 'sales')).delete('/api/admin/things/b').expect(403);
    await supertest(appWith(mount, 'admin')).delete('/api/admin/things/c').expect(204);
    expect(deleted).toEqual(['c']);
  });

  it('refuses an entry outside the path the router is mounted at', () => {
    expect(pathInside('/api/admin/things', getThing)).toBe(`/:id`);
    expect(pathInside('/api/admin/things', listThings)).toBe('/');
    expect(() => pathInside('/api/admin/thing', getThing)).toThrow(/cannot be served by a router at/);
    expect(() => operationRouter('/api/admin/leads').route(listThings, (_req, res) => res.json([]))).toThrow(
      /GET \/api\/admin\/things/,
    );
  });
});
