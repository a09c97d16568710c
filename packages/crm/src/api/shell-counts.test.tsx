import { leadOperations } from '@shine/shared/operations/leads';
import { workdayOperations } from '@shine/shared/operations/workday';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HeldNavCount } from '../held/HeldNavCount.tsx';
import { mockFetch, requestOf, stubCall } from '../test/fetch-mock.ts';
import { makeLead, makeLeadPage, makeShellCounts } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { queryOptions } from './client.ts';
import { resetFirstScreen } from './shell-counts.ts';

const LEADS_QUERY = { query: { page: 1 } } as const;

/** A screen whose own read is the leads list. */
function LeadsScreen() {
  const leads = useQuery(queryOptions(leadOperations.listLeads, LEADS_QUERY));
  return <p>{leads.data ? `${leads.data.total} leads` : 'Loading'}</p>;
}

describe('the shell’s counts', () => {
  beforeEach(() => resetFirstScreen());

  it('are asked once the screen’s own read is answered, though the count is earlier in the page', async () => {
    let answerLeads: () => void = () => {};
    let leadsAnswered = false;
    const countsAsked: boolean[] = [];
    const { calls } = mockFetch({
      ...stubCall(
        leadOperations.listLeads,
        () =>
          new Promise((resolve) => {
            answerLeads = () => {
              leadsAnswered = true;
              resolve({ body: makeLeadPage([makeLead()]) });
            };
          }),
      ),
      ...stubCall(workdayOperations.getShellCounts, () => {
        countsAsked.push(leadsAnswered);
        return { body: makeShellCounts({ held: 3 }) };
      }),
    });
    const asked = () => calls.map((call) => `${call.method} ${call.url}`);
    renderWithProviders(
      <>
        <HeldNavCount />
        <LeadsScreen />
      </>,
    );
    await waitFor(() => expect(asked()).toEqual([requestOf(leadOperations.listLeads, { query: { page: '1' } })]));
    answerLeads();
    expect(await screen.findByText('1 leads')).toBeTruthy();
    expect((await screen.findByTestId('held-nav-count')).textContent).toBe('3 waiting');
    // Asked once, and only after the screen's answer (its read would have queued with the screen's).
    expect(countsAsked).toEqual([true]);
    expect(asked().at(-1)).toBe(requestOf(workdayOperations.getShellCounts));
  });

  it('are asked at once on a screen with nothing to read', async () => {
    mockFetch({ ...stubCall(workdayOperations.getShellCounts, { body: makeShellCounts({ held: 2 }) }) });
    renderWithProviders(<HeldNavCount />);
    expect((await screen.findByTestId('held-nav-count')).textContent).toBe('2 waiting');
  });
});
