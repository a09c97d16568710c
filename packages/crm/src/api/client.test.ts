import { ADMIN_API_PATH, API_PATH } from '@shine/shared/operations/operation';
import { makeLead, makeStats } from '../test/fixtures.ts';
import { conversationOperations } from '@shine/shared/operations/conversations';
import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import { teamOperations } from '@shine/shared/operations/team';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { call, collectionKeyOf, queryKeyOf, queryOptions, urlOf } from './client.ts';
import { buildPathFromKey } from './query-key.ts';

describe('urlOf', () => {
  it('fills in the parameters and appends the query, leaving out empty values', () => {
    expect(urlOf(leadOperations.getLeadHistory, { params: { id: 'a/b' } })).toBe(
      `${ADMIN_API_PATH}/leads/a%2Fb/history`,
    );
    expect(urlOf(leadOperations.listLeads, { query: { search: '', page: 2, sort: 'createdAt' } })).toBe(
      `${ADMIN_API_PATH}/leads?page=2&sort=createdAt`,
    );
    expect(urlOf(publicOperations.getSession)).toBe(`${ADMIN_API_PATH}/me`);
  });
});

describe('queryKeyOf', () => {
  it('starts with the collection, then each later segment, then the query', () => {
    expect(queryKeyOf(leadOperations.getLead, { params: { id: 'x' } })).toEqual([`${ADMIN_API_PATH}/leads`, 'x']);
    expect(queryKeyOf(conversationOperations.listLeadMessages, { params: { id: 'x' } })).toEqual([
      `${ADMIN_API_PATH}/leads`,
      'x',
      'messages',
    ]);
    expect(queryKeyOf(leadOperations.listLeadActivities, { params: { leadId: 'x' } })).toEqual([
      `${ADMIN_API_PATH}/activities`,
      'lead',
      'x',
    ]);
    expect(queryKeyOf(leadOperations.getStats)).toEqual([`${ADMIN_API_PATH}/stats`]);
    expect(queryKeyOf(leadOperations.listHeldSubmissions, { query: { page: 1, pageSize: 20 } })).toEqual([
      `${ADMIN_API_PATH}/held-submissions`,
      { page: 1, pageSize: 20 },
    ]);
    expect(queryKeyOf(teamOperations.checkSetupLink, { body: { token: 't' } })).toEqual([
      `${API_PATH}/setup-password`,
      'check',
    ]);
    expect(collectionKeyOf(leadOperations.getActivitySummary)).toEqual([`${ADMIN_API_PATH}/activities`]);
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
    const lead = makeLead({ status: 'Won' });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.changeLeadStatus, { body: lead }, { params: { id: lead.id } }),
    });
    await expect(
      call(leadOperations.changeLeadStatus, { params: { id: lead.id }, body: { status: 'Won' } }),
    ).resolves.toEqual(lead);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', `${ADMIN_API_PATH}/leads/${lead.id}/status`, { status: 'Won' }],
    ]);
  });

  it('answers undefined for 204 and throws the server’s message for a refusal', async () => {
    mockFetch({
      ...stubCall(leadOperations.deleteHeldSubmission, { status: 204 }, { params: { id: 'x' } }),
      ...stubCall(
        leadOperations.deleteHeldSubmission,
        { status: 404, body: { message: 'Lead not found' } },
        { params: { id: 'y' } },
      ),
    });
    await expect(call(leadOperations.deleteHeldSubmission, { params: { id: 'x' } })).resolves.toBeUndefined();
    await expect(call(leadOperations.deleteHeldSubmission, { params: { id: 'y' } })).rejects.toThrow('Lead not found');
  });

  it('gives react-query the key and a fetch of the same call', async () => {
    const { calls } = mockFetch({ ...stubCall(leadOperations.getStats, { body: makeStats() }) });
    const options = queryOptions(leadOperations.getStats);
    expect(options.queryKey).toEqual([`${ADMIN_API_PATH}/stats`]);
    expect(await new QueryClient().fetchQuery(options)).toEqual(makeStats());
    expect(calls.map((c) => c.url)).toEqual([`${ADMIN_API_PATH}/stats`]);
  });
});
