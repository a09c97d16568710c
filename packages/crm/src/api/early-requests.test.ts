import { ADMIN_API_PATH } from '@shine/shared/operations/operation';
import { makeLeadPage } from '../test/fixtures.ts';
import { leadOperations } from '@shine/shared/operations/leads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { claimEarlyRead, noteRead, startEarlyReads } from './early-requests.ts';
import { sendApiRequest } from './http.ts';

const PAGE = '/admin/crm?section=leads';
const KEY = `shine.crm.firstReads:${PAGE}`;

describe('early reads of a full load', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('learns the first GETs of a URL, leaving out the session check, the live stream and later reads', () => {
    const start = Date.now();
    startEarlyReads(PAGE, start);
    noteRead(`${ADMIN_API_PATH}/me`, start + 10);
    noteRead(`${ADMIN_API_PATH}/events`, start + 10);
    noteRead(`${ADMIN_API_PATH}/leads?page=1`, start + 100);
    noteRead(`${ADMIN_API_PATH}/leads?page=1`, start + 200);
    noteRead(`${ADMIN_API_PATH}/metrics`, start + 2_000);
    noteRead(`${ADMIN_API_PATH}/stats`, start + 4_000);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual([
      `${ADMIN_API_PATH}/leads?page=1`,
      `${ADMIN_API_PATH}/metrics`,
    ]);
  });

  it("learns the screen's own reads, not the shell's counts asked after them on purpose", () => {
    const start = Date.now();
    startEarlyReads(PAGE, start);
    for (const read of ['me/alerts', 'assignees', 'leads?page=1&pageSize=20']) {
      noteRead(`${ADMIN_API_PATH}/${read}`, start + 50);
    }
    // The shell's counts, once the screen's data is in (api/shell-counts.ts).
    noteRead(`${ADMIN_API_PATH}/counts`, start + 300);
    const learned = JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[];
    expect(learned).toEqual(
      ['me/alerts', 'assignees', 'leads?page=1&pageSize=20'].map((read) => `${ADMIN_API_PATH}/${read}`),
    );
  });

  it('sends what the last load learned at once, and hands each answer to the first identical GET only', async () => {
    localStorage.setItem(KEY, JSON.stringify([`${ADMIN_API_PATH}/leads?page=1`, 'https://elsewhere.example/x', 42]));
    const { calls } = mockFetch({
      ...stubCall(leadOperations.listLeads, { body: makeLeadPage([]) }, { query: { page: '1' } }),
    });
    startEarlyReads(PAGE);
    expect(calls.map((call) => call.url)).toEqual([`${ADMIN_API_PATH}/leads?page=1`]);

    const first = await sendApiRequest('GET', `${ADMIN_API_PATH}/leads?page=1`);
    expect(await first.json()).toEqual(makeLeadPage([]));
    expect(calls).toHaveLength(1); // answered by the early read
    await sendApiRequest('GET', `${ADMIN_API_PATH}/leads?page=1`);
    expect(calls).toHaveLength(2); // the next read goes to the server
    expect(claimEarlyRead(`${ADMIN_API_PATH}/leads?page=1`)).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(KEY, '{not json');
    const { calls } = mockFetch({});
    startEarlyReads(PAGE);
    expect(calls).toHaveLength(0);
  });
});
