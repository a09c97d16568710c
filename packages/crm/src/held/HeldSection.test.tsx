import { queryKeyOf } from '../api/client.ts';
import { leadOperations } from '@shine/shared/operations/leads';
import type { HeldSubmissionPage } from '@shine/shared/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workdayOperations } from '@shine/shared/operations/workday';
import { makeHeld, makeLead, makeShellCounts } from '../test/fixtures.ts';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { HeldNavCount } from './HeldNavCount.tsx';
import { HELD_EMPTY_TEXT, HeldSection } from './HeldSection.tsx';

const list = leadOperations.listHeldSubmissions;

function page(items: HeldSubmissionPage['items'], total = items.length): HeldSubmissionPage {
  return { items, total, page: 1, pageSize: 20 };
}

/** Seeds the reads a release or delete must refresh, to check which were invalidated. */
function seedReads(queryClient: ReturnType<typeof renderWithProviders>['queryClient']) {
  const keys = [
    queryKeyOf(leadOperations.listLeads, { query: { page: 1 } }),
    queryKeyOf(leadOperations.getMetrics),
    queryKeyOf(leadOperations.getStats),
    queryKeyOf(leadOperations.getIntakeReport),
  ];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
}

describe('Held section', () => {
  it('shows an admin the sender’s network and, on purpose, the full address; a salesperson neither', async () => {
    const held = makeHeld();
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(list, { body: page([held]) }),
      ...stubCall(
        leadOperations.showHeldClientAddress,
        { body: { clientIp: '203.0.113.9' } },
        { params: { id: held.id } },
      ),
    });
    renderWithProviders(<HeldSection />);
    const item = await screen.findByRole('article');
    await within(item).findByText('203.0.113.0/24');
    await userEvent.click(within(item).getByRole('button', { name: 'Show full address' }));
    await within(item).findByText(/203\.0\.113\.9/);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      urlFor(leadOperations.showHeldClientAddress, { params: { id: held.id } }),
    ]);
  });

  it('tells a salesperson that where a request came from is for admins', async () => {
    const held = makeHeld({ clientIp: null, userAgent: null });
    mockFetch({ ...signedInAs('sales'), ...stubCall(list, { body: page([held]) }) });
    renderWithProviders(<HeldSection />);
    const item = await screen.findByRole('article');
    await within(item).findByText('Where a held request came from is shown to admins only.');
    expect(within(item).queryByText('User agent')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Show full address' })).toBeNull();
  });

  it('lists held submissions newest first with the rule in words, the reason and the request; markup stays text', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const fast = makeHeld({ payload: { ...makeHeld().payload, firstName: 'Tia', lastName: 'Fast' } });
    const honeypot = makeHeld({
      rule: 'honeypot',
      reason: 'The hidden field that people never see was filled in.',
      payload: { ...makeHeld().payload, firstName: markup, lastName: 'Bot', website: 'http://spam.example' },
    });
    const { calls } = mockFetch({ ...signedInAs('admin'), ...stubCall(list, { body: page([fast, honeypot]) }) });
    renderWithProviders(<HeldSection />);

    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(calls[0]?.url).toBe(urlFor(leadOperations.listHeldSubmissions, { query: { page: 1, pageSize: 20 } }));
    const first = items[0];
    if (!first) throw new Error('no item');
    within(first).getByRole('heading', { level: 2, name: 'Tia Fast' });
    within(first).getByText('Sent too fast');
    within(first).getByText(fast.reason);
    within(first).getByText(fast.payload.email);
    within(first).getByText(fast.payload.phone);
    within(first).getByText('Basic · 2 bd / 1 ba · Monthly · zip 75204');
    // Details: notes, fill time, attribution, client.
    within(first).getByText('Gate code 1234');
    within(first).getByText('0.4 s');
    within(first).getByText('google / cpc');
    await within(first).findByText('203.0.113.0/24');
    within(first).getByText('Mozilla/5.0 (iPhone)');

    const second = items[1];
    if (!second) throw new Error('no item');
    within(second).getByText('Hidden field filled');
    within(second).getByText('“http://spam.example”');
    expect(within(second).getByRole('heading', { level: 2 }).textContent).toBe(`${markup} Bot`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('held-total').textContent).toBe('2 held');
  });

  it('Release posts the release, toasts "Released as a lead", refreshes held, leads and counts, and offers the lead', async () => {
    const held = makeHeld();
    const lead = makeLead({ firstName: 'Hal', lastName: 'Released' });
    let released = false;
    const { calls } = mockFetch({
      ...stubCall(list, () => ({ body: page(released ? [] : [held]) })),
      ...stubCall(
        leadOperations.releaseHeldSubmission,
        () => {
          released = true;
          return { status: 201, body: lead };
        },
        { params: { id: held.id } },
      ),
      ...stubCall(leadOperations.getLead, { body: { ...lead, requests: [] } }, { params: { id: lead.id } }),
    });
    const { queryClient } = renderWithProviders(<HeldSection />);
    const isInvalidated = seedReads(queryClient);
    const item = await screen.findByRole('article');

    await userEvent.setup().click(within(item).getByRole('button', { name: /^Release / }));

    await screen.findByText('Released as a lead');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      urlFor(leadOperations.releaseHeldSubmission, { params: { id: held.id } }),
    ]);
    for (const key of [
      queryKeyOf(leadOperations.listLeads, { query: { page: 1 } }),
      queryKeyOf(leadOperations.getMetrics),
      queryKeyOf(leadOperations.getStats),
      queryKeyOf(leadOperations.getIntakeReport),
    ]) {
      expect(isInvalidated(key)).toBe(true);
    }
    await screen.findByText(HELD_EMPTY_TEXT);
    expect(screen.queryByRole('article')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open lead' }));
    await screen.findByRole('dialog', { name: 'Hal Released' });
  });

  it('Delete asks for confirmation first, then sends DELETE', async () => {
    const held = makeHeld();
    let deleted = false;
    const { calls } = mockFetch({
      ...stubCall(list, () => ({ body: page(deleted ? [] : [held]) })),
      ...stubCall(
        leadOperations.deleteHeldSubmission,
        () => {
          deleted = true;
          return { status: 204 };
        },
        { params: { id: held.id } },
      ),
    });
    const { queryClient } = renderWithProviders(<HeldSection />);
    const isInvalidated = seedReads(queryClient);
    const item = await screen.findByRole('article');
    const user = userEvent.setup();

    await user.click(within(item).getByRole('button', { name: /^Delete / }));
    await screen.findByText('Delete this held submission? It cannot be recovered.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Held submission deleted');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      urlFor(leadOperations.deleteHeldSubmission, { params: { id: held.id } }),
    ]);
    expect(isInvalidated(queryKeyOf(leadOperations.getIntakeReport))).toBe(true);
    await screen.findByText(HELD_EMPTY_TEXT);
  });

  it('shows the empty state', async () => {
    mockFetch({ ...stubCall(list, { body: page([]) }) });
    renderWithProviders(<HeldSection />);
    await screen.findByText(HELD_EMPTY_TEXT);
  });

  it('shows a failed read with a retry', async () => {
    mockFetch({ ...stubCall(list, { status: 500, body: { message: 'Database unavailable' } }) });
    renderWithProviders(<HeldSection />);
    await screen.findByText('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  });

  it('a release someone else already made toasts the server message and refreshes the list', async () => {
    const held = makeHeld();
    let listCalls = 0;
    mockFetch({
      ...stubCall(list, () => {
        listCalls += 1;
        return { body: page([held]) };
      }),
      ...stubCall(
        leadOperations.releaseHeldSubmission,
        {
          status: 404,
          body: { message: 'This held submission no longer exists: it was released or deleted.' },
        },
        { params: { id: held.id } },
      ),
    });
    renderWithProviders(<HeldSection />);
    const item = await screen.findByRole('article');
    await userEvent.setup().click(within(item).getByRole('button', { name: /^Release / }));
    await screen.findByText('Could not release the held submission');
    screen.getByText(/no longer exists/);
    await waitFor(() => expect(listCalls).toBe(2));
  });
});

describe('HeldNavCount', () => {
  it('shows how many are held, and nothing when none are', async () => {
    const { calls } = mockFetch({
      ...stubCall(workdayOperations.getShellCounts, { body: makeShellCounts({ held: 7 }) }),
    });
    renderWithProviders(<HeldNavCount />);
    expect((await screen.findByTestId('held-nav-count')).textContent).toBe('7 waiting');
    expect(calls.map((call) => call.url)).toEqual([urlFor(workdayOperations.getShellCounts)]);
  });
});
