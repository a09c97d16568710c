import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import { describe, expect, it } from 'vitest';
import { mockFetch, requestOf, stubCall, urlFor } from './fetch-mock.ts';
import { makeLead, makeLeadDetail, makeStats } from './fixtures.ts';

describe('stubCall', () => {
  it('refuses a body the call’s answer schema refuses, at once for an answer and at the call for a function', async () => {
    // @ts-expect-error a lead's detail is not the stats report the call answers
    expect(() => stubCall(leadOperations.getStats, { body: makeLeadDetail(makeLead()) })).toThrow(
      /GET \/api\/admin\/stats: the stubbed success body/,
    );
    expect(() => stubCall(publicOperations.signIn, { status: 401, body: { message: 1 } as never })).toThrow(
      /the stubbed 401 body/,
    );
    mockFetch(stubCall(leadOperations.getStats, () => ({ body: { total: 1 } as never })));
    await expect(fetch(urlFor(leadOperations.getStats))).rejects.toThrow(/not one the contract allows/);
  });

  it('answers every request of the call without input, and only the one named with it', async () => {
    const lead = makeLead();
    const other = makeLead();
    const { calls } = mockFetch({
      ...stubCall(leadOperations.getStats, { body: makeStats({ total: 4 }) }),
      ...stubCall(leadOperations.getLead, { body: makeLeadDetail(lead) }, { params: { id: lead.id } }),
    });
    expect(await (await fetch(urlFor(leadOperations.getStats))).json()).toEqual(makeStats({ total: 4 }));
    expect((await fetch(urlFor(leadOperations.getLead, { params: { id: lead.id } }))).status).toBe(200);
    expect((await fetch(urlFor(leadOperations.getLead, { params: { id: other.id } }))).status).toBe(404);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      requestOf(leadOperations.getStats),
      requestOf(leadOperations.getLead, { params: { id: lead.id } }),
      requestOf(leadOperations.getLead, { params: { id: other.id } }),
    ]);
  });
});
