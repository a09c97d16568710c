import { callOperations } from '@shine/shared/operations/calls';
import type { Call, CallList } from '@shine/shared/responses/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { CALLS_EMPTY_TEXT, CallsSection } from './CallsSection.tsx';

const STRANGER_CALL: Call = {
  id: '6a0cbe5e-8f44-4bcb-9a53-0b0b2a4a7a01',
  from: '+12145550177',
  at: '2026-12-07T16:00:00.000Z',
  status: 'missed',
  leadId: null,
  leadName: null,
  durationSeconds: null,
  recordingUrl: null,
  text: { status: 'sent', reason: null },
  calledBackAt: null,
};

const page = (items: Call[]): CallList => ({ items, total: items.length, page: 1, pageSize: 50 });

describe('Calls section', () => {
  it('lists a stranger’s missed call with its text back, and marks it called back', async () => {
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(callOperations.listCalls, { body: page([STRANGER_CALL]) }),
      ...stubCall(
        callOperations.markCallCalledBack,
        { body: { ...STRANGER_CALL, calledBackAt: '2026-12-07T16:10:00.000Z' } },
        { params: { id: STRANGER_CALL.id } },
      ),
    });
    renderWithProviders(<CallsSection />);
    const list = await screen.findByRole('list', { name: 'Calls' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Unknown caller');
    expect(item.textContent).toContain('+12145550177');
    expect(item.textContent).toContain('Texted back');
    expect(
      within(item).getByRole('link', { name: 'Call back Unknown caller (+12145550177)' }).getAttribute('href'),
    ).toMatch(/^tel:/);
    await userEvent.click(within(item).getByRole('button', { name: 'Mark Unknown caller (+12145550177) called back' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        urlFor(callOperations.markCallCalledBack, { params: { id: STRANGER_CALL.id } }),
      ]),
    );
  });

  it('filters by status, and says when there are none', async () => {
    const { calls } = mockFetch({ ...signedInAs('sales'), ...stubCall(callOperations.listCalls, { body: page([]) }) });
    renderWithProviders(<CallsSection />);
    await screen.findByText(CALLS_EMPTY_TEXT);
    await userEvent.click(screen.getByText('Voicemail'));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        urlFor(callOperations.listCalls, { query: { status: 'voicemail', page: 1 } }),
      ),
    );
  });
});
