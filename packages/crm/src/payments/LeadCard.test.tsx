import { paymentOperations } from '@shine/shared/operations/payments';
import type { SavedCard } from '@shine/shared/responses/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, requestOf, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { LeadCard } from './LeadCard.tsx';

const LEAD = '11111111-1111-4111-8111-111111111111';

const CARD: SavedCard = {
  id: '55555555-5555-4555-8555-555555555555',
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2028,
  label: 'Visa •••• 4242, expires 04/28',
  addedAt: '2026-12-01T18:00:00.000Z',
  terms: 'I authorize Shine to charge this card $173.20 per visit, biweekly (tax included)…',
  termsAgreedAt: '2026-12-01T17:59:00.000Z',
};

describe('the lead drawer’s card on file', () => {
  it('shows the card as Stripe describes it, and removes it after a confirmation', async () => {
    let removed = false;
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(paymentOperations.getLeadCard, () => ({ body: { card: removed ? null : CARD } })),
      ...stubCall(paymentOperations.removeLeadCard, () => {
        removed = true;
        return { status: 204 as const };
      }),
    });
    renderWithProviders(<LeadCard leadId={LEAD} />);
    expect(await screen.findByText('Visa •••• 4242, expires 04/28')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Yes, remove it' }));
    await screen.findByText(/No card on file/);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => `DELETE ${call.url}`)).toEqual([
      requestOf(paymentOperations.removeLeadCard, { params: { id: LEAD } }),
    ]);
  });

  it('says when there is none', async () => {
    mockFetch({ ...signedInAs('sales'), ...stubCall(paymentOperations.getLeadCard, { body: { card: null } }) });
    renderWithProviders(<LeadCard leadId={LEAD} />);
    expect(await screen.findByText(/No card on file/)).toBeTruthy();
  });
});
