import { ADMIN_API_PATH } from '@shine/shared/operations/operation';
import { collectionKeyOf, queryKeyOf, urlOf } from './client.ts';
import { makeLead, makeStats } from '../test/fixtures.ts';
import { automationOperations } from '@shine/shared/operations/automations';
import { publicOperations } from '@shine/shared/operations/public';
import { leadOperations } from '@shine/shared/operations/leads';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { apiJson, apiRequest } from './http.ts';
import { HttpError } from './http-error.ts';
import { createQueryClient, getQueryFn } from './query-client.ts';

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext;
}

describe('getQueryFn', () => {
  it('GETs the joined key path with credentials', async () => {
    const { calls } = mockFetch({ ...stubCall(leadOperations.getStats, { body: makeStats({ total: 3 }) }) });
    const data = await getQueryFn({ on401: 'throw' })(context(queryKeyOf(leadOperations.getStats)));
    expect(data).toEqual(makeStats({ total: 3 }));
    expect(calls[0]?.url).toBe(urlOf(leadOperations.getStats));
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.init?.body).toBeUndefined();
  });

  it('treats 401 as an error by default, with the server message', async () => {
    mockFetch({ ...stubCall(leadOperations.listLeads, { status: 401, body: { message: 'Not signed in' } }) });
    const run = getQueryFn({ on401: 'throw' })(context(collectionKeyOf(leadOperations.listLeads)));
    await expect(run).rejects.toBeInstanceOf(HttpError);
    await expect(getQueryFn({ on401: 'throw' })(context(collectionKeyOf(leadOperations.listLeads)))).rejects.toThrow(
      'Not signed in',
    );
  });

  it('answers null on 401 for the session check variant', async () => {
    mockFetch({ ...stubCall(publicOperations.getSession, { status: 401, body: { message: 'Not signed in' } }) });
    await expect(
      getQueryFn({ on401: 'returnNull' })(context(queryKeyOf(publicOperations.getSession))),
    ).resolves.toBeNull();
  });

  it('falls back to the status text, then HTTP {status}', async () => {
    mockFetch({
      ...stubCall(leadOperations.getStats, { status: 503, statusText: 'Service Unavailable' }),
      ...stubCall(leadOperations.getMetrics, { status: 500 }),
    });
    await expect(getQueryFn({ on401: 'throw' })(context(queryKeyOf(leadOperations.getStats)))).rejects.toThrow(
      'Service Unavailable',
    );
    await expect(getQueryFn({ on401: 'throw' })(context(queryKeyOf(leadOperations.getMetrics)))).rejects.toThrow(
      'HTTP 500',
    );
  });
});

describe('apiRequest / apiJson', () => {
  it('sends a JSON body only when there is a payload', async () => {
    const won = makeLead({ status: 'Won' });
    const { calls } = mockFetch({
      ...stubCall(publicOperations.signOut, { status: 204 }),
      ...stubCall(leadOperations.changeLeadStatus, { body: won }, { params: { id: won.id } }),
    });
    await apiRequest('POST', urlOf(publicOperations.signOut));
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(new Headers(calls[0]?.init?.headers).get('Content-Type')).toBeNull();
    expect(calls[0]?.init?.credentials).toBe('include');

    const lead = await apiJson(
      'PATCH',
      urlOf(leadOperations.changeLeadStatus, { params: { id: won.id }, body: { status: 'Won' } }),
      {
        status: 'Won',
      },
    );
    expect(lead).toEqual(won);
    expect(calls[1]?.body).toEqual({ status: 'Won' });
    expect(new Headers(calls[1]?.init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for 204', async () => {
    mockFetch({ ...stubCall(automationOperations.deleteTemplate, { status: 204 }, { params: { id: 'x' } }) });
    await expect(apiJson('DELETE', `${ADMIN_API_PATH}/templates/x`)).resolves.toBeUndefined();
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
      ...stubCall(leadOperations.getStats, { status: 401, body: { message: 'Not signed in' } }),
      ...stubCall(publicOperations.getSession, { body: { isAuthenticated: false } }),
    });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: [`${ADMIN_API_PATH}/me`], queryFn: getQueryFn({ on401: 'returnNull' }) });
    await expect(client.fetchQuery({ queryKey: [`${ADMIN_API_PATH}/stats`] })).rejects.toThrow('Not signed in');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryState([`${ADMIN_API_PATH}/me`])?.isInvalidated).toBe(true);
    expect(calls.map((c) => c.url)).toEqual([`${ADMIN_API_PATH}/me`, `${ADMIN_API_PATH}/stats`]);
  });

  it('re-checks the session when a write answers 401', async () => {
    mockFetch({ ...stubCall(leadOperations.createActivity, { status: 401, body: { message: 'Not signed in' } }) });
    const client = createQueryClient();
    client.setQueryData([`${ADMIN_API_PATH}/me`], { isAuthenticated: true });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiJson('POST', `${ADMIN_API_PATH}/activities`, {}),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Not signed in');
    expect(client.getQueryState([`${ADMIN_API_PATH}/me`])?.isInvalidated).toBe(true);
  });
});
