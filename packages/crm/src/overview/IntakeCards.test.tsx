import { leadOperations } from '@shine/shared/operations/leads';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { HeldForReviewCard, SpeedToLeadCard } from './IntakeCards.tsx';

describe('intake cards (dashboard)', () => {
  const report = {
    windowDays: 30,
    speedToLead: {
      source: 'All sources',
      medianMinutes: 12.5,
      contacted: 3,
      bySource: [
        { source: 'google', medianMinutes: 9, contacted: 2 },
        { source: 'Website Form', medianMinutes: 64, contacted: 1 },
      ],
    },
    awaitingContact: 4,
    rejections: { total: 13, byRule: { honeypot: 3, too_fast: 2, machine_content: 1, rate_limited: 7 } },
    held: { waiting: 5, byRule: { honeypot: 1, too_fast: 3, machine_content: 1 } },
  };

  it('show the median speed to lead by source and leads waiting', async () => {
    mockFetch({ ...stubCall(leadOperations.getIntakeReport, { body: report }) });
    renderWithProviders(<SpeedToLeadCard />);
    await screen.findByText('13 min');
    screen.getByRole('row', { name: /google 9 min 2/ });
    screen.getByRole('row', { name: /Website Form 1 h 4 min 1/ });
    screen.getByText('4');
  });

  it('Held for review: waiting now, by rule in words, the rate limit refusals and a way to review them', async () => {
    mockFetch({ ...stubCall(leadOperations.getIntakeReport, { body: report }) });
    renderWithProviders(<HeldForReviewCard />);
    const card = await screen.findByTestId('held-for-review');
    await within(card).findByText('5');
    within(card).getByText('Held for review');
    within(card).getByText('Waiting for review');
    const byRule = within(card).getByRole('list', { name: 'Waiting by rule' });
    expect([...byRule.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Hidden field filled1',
      'Sent too fast3',
      'Machine-made text1',
    ]);
    expect(within(card).getByText('Refused: too many from one client, last 30 days').parentElement?.textContent).toBe(
      'Refused: too many from one client, last 30 days7',
    );
    expect(within(card).getByRole('link', { name: 'Review held submissions' }).getAttribute('href')).toBe('/crm/held');
  });
});
