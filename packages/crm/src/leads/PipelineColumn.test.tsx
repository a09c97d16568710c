import { leadOperations } from '@shine/shared/operations/leads';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead, makeLeadPage } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { createCardFocusKeeper, type PendingMove } from './pipeline.ts';
import { PipelineColumn } from './PipelineColumn.tsx';

function page(items: ReturnType<typeof makeLead>[]) {
  return { body: makeLeadPage(items) };
}

const keeper = createCardFocusKeeper(() => []);

describe('PipelineColumn', () => {
  it('shows a dropped card at once, and once only after the refetch brings it', async () => {
    const stays = makeLead({ firstName: 'Stay', lastName: 'Put', status: 'Quoted' });
    const moved = makeLead({ firstName: 'Just', lastName: 'Moved', status: 'New' });
    let refetched = false;
    mockFetch({
      ...stubCall(leadOperations.listLeads, () => page(refetched ? [{ ...moved, status: 'Quoted' }, stays] : [stays])),
    });
    const moves = new Map<string, PendingMove>([[moved.id, { lead: moved, to: 'Quoted' }]]);
    const { queryClient } = renderWithProviders(
      <PipelineColumn
        status="Quoted"
        filter={{}}
        moves={moves}
        onMove={() => {}}
        onOpen={() => {}}
        focusKeeper={keeper}
      />,
    );
    await screen.findByRole('button', { name: 'Stay Put' });
    expect(screen.getAllByRole('button', { name: 'Just Moved' })).toHaveLength(1);
    screen.getByLabelText('2 leads');

    refetched = true;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(document.querySelectorAll('.pipeline-card')).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'Just Moved' })).toHaveLength(1);
    screen.getByLabelText('2 leads');
  });

  it('hides a card that is leaving for another column', async () => {
    const leaving = makeLead({ firstName: 'On', lastName: 'Way', status: 'New' });
    mockFetch({ ...stubCall(leadOperations.listLeads, page([leaving])) });
    const moves = new Map<string, PendingMove>([[leaving.id, { lead: leaving, to: 'Won' }]]);
    renderWithProviders(
      <PipelineColumn
        status="New"
        filter={{}}
        moves={moves}
        onMove={() => {}}
        onOpen={() => {}}
        focusKeeper={keeper}
      />,
    );
    await screen.findByText('No leads');
    screen.getByLabelText('0 leads');
  });
});
