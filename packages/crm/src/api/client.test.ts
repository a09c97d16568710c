import { conversationOperations } from '@shine/shared/operations/conversations';
import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import { teamOperations } from '@shine/shared/operations/team';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { call, collectionKeyOf, queryKeyOf, queryOptions, urlOf } from './client.ts';
import { buildPathFromKey } from './query-key.ts';

describe('urlOf', () => {
  it('fills in the parameters and appends the query, leaving out empty values', () => {
    expect(urlOf(leadOperations.getLeadHistory, { params: { id: 'a/b' } })).toBe('/api/admin/leads/a%2Fb/history');
    expect(urlOf(leadOperations.listLeads, { query: { search: '', page: 2, sort: 'createdAt' } })).toBe(
      '/api/admin/leads?page=2&sort=createdAt',
    );
    expect(urlOf(publicOperations.getSession)).toBe('/api/admin/me');
  });
});

describe('queryKeyOf', () => {
  it('starts with the collection, then each later segment, then the query', () => {
    expect(queryKeyOf(leadOperations.getLead, { params: { id: 'x' } })).toEqual(['/api/admin/leads', 'x']);
    expect(queryKeyOf(conversationOperations.listLeadMessages, { params: { id: 'x' } })).toEqual([
      '/api/admin/leads',
      'x',
      'messages',
    ]);
    expect(queryKeyOf(leadOperations.listLeadActivities, { params: { leadId: 'x' } })).toEqual([
      '/api/admin/activities',
      'lead',
      'x',
    ]);
    expect(queryKeyOf(leadOperations.getStats)).toEqual(['/api/admin/stats']);
    expect(queryKeyOf(leadOperations.listHeldSubmissions, { query: { page: 1, pageSize: 20 } })).toEqual([
      '/api/admin/held-submissions',
      { page: 1, pageSize: 20 },
    ]);
    expect(queryKeyOf(teamOperations.checkSetupLink, { body: { token: 't' } })).toEqual([
      '/api/setup-password',
      'check',
    ]);
    expect(collectionKeyOf(leadOperations.getActivitySummary)).toEqual(['/api/admin/activities']);
  });

  it('spells the same URL as the call, so the default fetch of a key asks for the same thing', () => {
    const input = { params: { id: 'a b/c' } };
    expect(buildPathFromKey(queryKeyOf(leadOperations.getLeadHistory, input))).toBe(
      urlOf(leadOperations.getLeadHistory, input),
    );
    const list = { query: { status: 'New' as const, page: 3, pageSize: 50 } };
    expect(buildPathFromKey(queryKeyOf(leadOperations.listLeads, list))).toBe(urlOf(leadOperations.listLeads, list));
  });
});

describe('call', () => {
  it('sends the method, path and body of the entry and answers the parsed JSON', async () => {
    const lead = { id: 'x', status: 'Won' };
    const { calls } = mockFetch({ 'PATCH /api/admin/leads/x/status': { body: lead } });
    await expect(
      call(leadOperations.changeLeadStatus, { params: { id: 'x' }, body: { status: 'Won' } }),
    ).resolves.toEqual(lead);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/admin/leads/x/status', { status: 'Won' }],
    ]);
  });

  it('answers undefined for 204 and throws the server’s message for a refusal', async () => {
    mockFetch({
      'DELETE /api/admin/held-submissions/x': { status: 204 },
      'DELETE /api/admin/held-submissions/y': { status: 404, body: { message: 'Lead not found' } },
    });
    await expect(call(leadOperations.deleteHeldSubmission, { params: { id: 'x' } })).resolves.toBeUndefined();
    await expect(call(leadOperations.deleteHeldSubmission, { params: { id: 'y' } })).rejects.toThrow('Lead not found');
  });

  it('gives react-query the key and a fetch of the same call', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/stats': { body: { byStatus: {} } } });
    const options = queryOptions(leadOperations.getStats);
    expect(options.queryKey).toEqual(['/api/admin/stats']);
    expect(await new QueryClient().fetchQuery(options)).toEqual({ byStatus: {} });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/stats']);
  });
});
