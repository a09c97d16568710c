// The response check every API test runs through (support/contract-check.ts) must be able to fail:
// a tiny app answers the documented calls wrongly, and each wrong answer fails the request.
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';

const liar = express();
liar.get('/api/health', (_req, res) => {
  res.json({ ok: 'yes', db: 'up' });
});
liar.get('/api/admin/me', (_req, res) => {
  res.status(418).json({ message: 'a status the contract does not document' });
});
liar.get('/api/admin/secret', (_req, res) => {
  res.json({ hidden: true });
});
liar.get('/api/admin/stats', (_req, res) => {
  res.type('text/plain').send('not JSON');
});
liar.get('/api/admin/leads/:id', (_req, res) => {
  res.status(404).json({ error: 'an error body of another shape' });
});
liar.post('/api/admin/logout', (_req, res) => {
  res.status(204).end();
});

describe('the response contract check', () => {
  it.each([
    ['a body of the wrong shape', 'get', '/api/health', /GET \/api\/health 200 breaks its contract[\s\S]*ok/],
    ['an undocumented status', 'get', '/api/admin/me', /answered 418, a status its contract/],
    ['an undocumented call', 'get', '/api/admin/secret', /documents no such call/],
    ['the wrong media type', 'get', '/api/admin/stats', /expected application\/json, got text\/plain/],
    [
      'an error body of another shape',
      'get',
      '/api/admin/leads/00000000-0000-4000-8000-000000000001',
      /404 breaks its contract[\s\S]*message/,
    ],
  ] as const)('fails a request answered with %s', async (_label, method, path, message) => {
    await expect(supertest(liar)[method](path)).rejects.toThrow(message);
  });

  it('passes an answer that keeps the contract', async () => {
    expect((await supertest(liar).post('/api/admin/logout')).status).toBe(204);
  });
});
