import { leadOperations } from '@shine/shared/operations/leads';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead, makeLeadPage } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadsSection } from './LeadsSection.tsx';

function leadsTable(): HTMLTableElement {
  const table = document.querySelector<HTMLTableElement>('table.leads-table');
  if (!table) throw new Error('no leads table');
  return table;
}

describe('LeadsSection', () => {
  it('shows the previous rows loading, not clickable as they were, until a search is answered', async () => {
    const first = makeLead({ firstName: 'Ada', lastName: 'First' });
    const found = makeLead({ firstName: 'Bea', lastName: 'Found' });
    let answerSearch = () => {};
    const searchAnswered = new Promise<void>((resolve) => {
      answerSearch = resolve;
    });
    mockFetch({
      ...stubCall(leadOperations.listLeads, async (call) => {
        if (!new URL(call.url, 'http://localhost').searchParams.has('search')) return { body: makeLeadPage([first]) };
        await searchAnswered;
        return { body: makeLeadPage([found]) };
      }),
    });
    renderWithProviders(<LeadsSection />, { route: '/screen?section=leads' });

    await screen.findByRole('button', { name: 'Ada First' });
    expect(leadsTable().getAttribute('aria-busy')).toBeNull();

    // The filters come with the frame after the first rows.
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search leads' }), { target: { value: 'Bea' } });
    // The search is on its way: the old row is still there, inside antd's spinning Spin (dimmed; its
    // overlay takes the clicks).
    await waitFor(() => {
      expect(leadsTable().getAttribute('aria-busy')).toBe('true');
      expect(screen.getByRole('button', { name: 'Ada First' }).closest('.ant-spin-spinning')).not.toBeNull();
    });

    answerSearch();
    await screen.findByRole('button', { name: 'Bea Found' });
    expect(screen.queryByRole('button', { name: 'Ada First' })).toBeNull();
    expect(leadsTable().getAttribute('aria-busy')).toBeNull();
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });
});
