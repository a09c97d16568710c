import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { apiJson, apiRequest } from './http.ts';
import { HttpError } from './http-error.ts';
import { createQueryClient, getQueryFn } from './query-client.ts';

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext;
}

describe('getQueryFn', () => {
  it('GETs the joined key path with credentials', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/stats': { body: { total: 3 } } });
    const data = await getQueryFn({ on401: 'throw' })(context(['/api/admin/stats']));
    expect(data).toEqual({ total: 3 });
    expect(calls[0]?.url).toBe('/api/admin/stats');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.init?.body).toBeUndefined();
  });

  it('treats 401 as an error by default, with the server message', async () => {
    mockFetch({ 'GET /api/admin/leads': { status: 401, body: { message: 'Not signed in' } } });
    const run = getQueryFn({ on401: 'throw' })(context(['/api/admin/leads']));
    await expect(run).rejects.toBeInstanceOf(HttpError);
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/admin/leads']))).rejects.toThrow('Not signed in');
  });

  it('answers null on 401 for the session check variant', async () => {
    mockFetch({ 'GET /api/admin/me': { status: 401, body: { message: 'Not signed in' } } });
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/admin/me']))).resolves.toBeNull();
  });

  it('falls back to the status text, then HTTP {status}', async () => {
    mockFetch({
      'GET /api/a': { status: 503, statusText: 'Service Unavailable' },
      'GET /api/b': { status: 500 },
    });
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/a']))).rejects.toThrow('Service Unavailable');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/b']))).rejects.toThrow('HTTP 500');
  });
});

describe('apiRequest / apiJson', () => {
  it('sends a JSON body only when there is a payload', async () => {
    const { calls } = mockFetch({
      'POST /api/admin/logout': { status: 204 },
      'PATCH /api/admin/leads/1/status': { body: { id: '1', status: 'Won' } },
    });
    await apiRequest('POST', '/api/admin/logout');
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(new Headers(calls[0]?.init?.headers).get('Content-Type')).toBeNull();
    expect(calls[0]?.init?.credentials).toBe('include');

    const lead = await apiJson('PATCH', '/api/admin/leads/1/status', { status: 'Won' });
    expect(lead).toEqual({ id: '1', status: 'Won' });
    expect(calls[1]?.body).toEqual({ status: 'Won' });
    expect(new Headers(calls[1]?.init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for 204', async () => {
    mockFetch({ 'DELETE /api/admin/templates/x': { status: 204 } });
    await expect(apiJson('DELETE', '/api/admin/templates/x')).resolves.toBeUndefined();
  });
});

describe('createQueryClient', () => {
  it('has the defaults of docs/requirements.md#crm-data', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(false);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.staleTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('re-checks the session when a read answers 401', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/stats': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/admin/me': { body: { isAuthenticated: false } },
    });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/admin/me'], queryFn: getQueryFn({ on401: 'returnNull' }) });
    await expect(client.fetchQuery({ queryKey: ['/api/admin/stats'] })).rejects.toThrow('Not signed in');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryState(['/api/admin/me'])?.isInvalidated).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/me', '/api/admin/stats']);
  });

  it('re-checks the session when a write answers 401', async () => {
    mockFetch({ 'POST /api/admin/activities': { status: 401, body: { message: 'Not signed in' } } });
    const client = createQueryClient();
    client.setQueryData(['/api/admin/me'], { isAuthenticated: true });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiJson('POST', '/api/admin/activities', {}),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Not signed in');
    expect(client.getQueryState(['/api/admin/me'])?.isInvalidated).toBe(true);
  });
});
