// GET /api/openapi.json and /api/docs: the document is valid OpenAPI 3.1, names every route the app
// serves (and nothing it does not), is cacheable by ETag, and passes the same guards as every answer.
import { validate } from '@readme/openapi-parser';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { listApiRoutes, routeKey } from './support/express-routes.ts';
import { describeApi, useTestApp } from './support/test-app.ts';

const documentedRoutes = (document: ReturnType<typeof buildOpenApiDocument>) =>
  new Set(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => routeKey({ method, path: path.replaceAll(/\{(\w+)\}/g, ':$1') })),
    ),
  );

describeApi('the OpenAPI document', () => {
  const t = useTestApp({ env: { PUBLIC_ORIGIN: 'https://crm.example.com', ALLOWED_HOSTS: '127.0.0.1' } });

  it('is valid OpenAPI 3.1', async () => {
    const { body } = await supertest(t.app).get('/api/openapi.json').expect(200);
    expect(body.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(body));
    expect(result.valid ? [] : result.errors, 'validation errors').toEqual([]);
  });

  it('documents exactly the /api routes the app serves', async () => {
    const served = listApiRoutes(t.app);
    const documented = documentedRoutes((await supertest(t.app).get('/api/openapi.json')).body);
    expect(served.size, 'routes found in the router stack').toBeGreaterThan(30);
    expect([...served].filter((key) => !documented.has(key)).sort(), 'served but not documented').toEqual([]);
    expect([...documented].filter((key) => !served.has(key)).sort(), 'documented but not served').toEqual([]);
  });

  it('fails the comparison when a route is missing from the document', () => {
    const document = buildOpenApiDocument();
    const { get: _dropped, ...rest } = document.paths['/api/admin/stats'] as Record<string, unknown>;
    const lacking = { ...document, paths: { ...document.paths, '/api/admin/stats': rest } };
    expect(documentedRoutes(lacking).has('GET /api/admin/stats')).toBe(false);
    expect(listApiRoutes(t.app).has('GET /api/admin/stats')).toBe(true);
  });

  it('describes the session cookie, the origin rule, rate limits and errors', async () => {
    const { body } = await supertest(t.app).get('/api/openapi.json');
    expect(body.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    const stats = body.paths['/api/admin/stats'].get;
    expect(stats.security).toEqual([{ session: [] }]);
    expect(stats.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const quote = body.paths['/api/leads'].post;
    expect(quote.security).toEqual([]);
    expect(quote.responses['429'].headers).toHaveProperty('Retry-After');
    expect(body.paths['/api/admin/leads/{id}'].patch.responses['403'].description).toMatch(/Origin/);
    const exportAnswer = body.paths['/api/admin/leads/export'].post.responses['200'].content;
    expect(Object.keys(exportAnswer).sort()).toEqual(['application/json', 'text/csv']);
  });

  it('is public and cacheable: an ETag, revalidated, answered 304 when current', async () => {
    const first = await supertest(t.app).get('/api/openapi.json').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await supertest(t.app).get('/api/openapi.json').set('if-none-match', etag).expect(304);
    expect(again.text).toBe('');
  });

  it('is refused for a host the server does not serve, like every other call', async () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const response = await supertest(t.app).get(path).set('host', 'evil.example');
      expect(response.status, path).toBe(421);
    }
  });
});

describeApi('the API reference page', () => {
  const t = useTestApp();

  it('loads Swagger UI from this server, under the app’s CSP', async () => {
    const page = await supertest(t.app).get('/api/docs').expect(200);
    expect(page.type).toBe('text/html');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|\s)/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(sources).toHaveLength(4);
    expect(page.text).not.toMatch(/<script>|<style>|https?:\/\//);
    for (const source of sources) {
      const asset = await supertest(t.app).get(source).expect(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.type).toMatch(/javascript|css|png/);
    }
  });

  it('serves no other file of the renderer’s package', async () => {
    const page = await supertest(t.app).get('/api/docs');
    const bundle = /src="([^"]+)\/swagger-ui-bundle\.js"/.exec(page.text)?.[1];
    for (const name of ['index.html', 'swagger-initializer.js', 'package.json', '../package.json']) {
      expect((await supertest(t.app).get(`${bundle}/${name}`)).status, name).toBe(404);
    }
  });
});
