import { leadOperations } from '@shine/shared/operations/leads';
import { leadUpdateSchema } from '@shine/shared/leads';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadEditForm, toLeadUpdatePayload } from './LeadEditForm.tsx';

describe('toLeadUpdatePayload', () => {
  it('turns empty fields into nulls the API accepts', () => {
    const payload = toLeadUpdatePayload({
      priority: 'High',
      nextFollowUpAt: null,
      estimatedValue: null,
      tags: [],
      notes: '  ',
    });
    expect(payload).toEqual({ priority: 'High', nextFollowUpAt: null, estimatedValue: null, tags: [], notes: null });
    expect(leadUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends the follow-up as an ISO timestamp', () => {
    const when = dayjs('2030-05-06T14:30:00Z');
    expect(toLeadUpdatePayload({ nextFollowUpAt: when }).nextFollowUpAt).toBe('2030-05-06T14:30:00.000Z');
  });
});

describe('LeadEditForm', () => {
  it('saves value, notes and tags with PATCH and toasts', async () => {
    const lead = makeLead({ estimatedValue: 300, notes: null, tags: ['vip'] });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.updateLead, ({ body }) => ({ body: { ...lead, ...body } }), {
        params: { id: lead.id },
      }),
    });
    renderWithProviders(<LeadEditForm lead={lead} />);
    const user = userEvent.setup();
    const value = screen.getByLabelText('Estimated value');
    await user.clear(value);
    await user.type(value, '425.5');
    await user.type(screen.getByLabelText('Notes'), 'Gate code 1234');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(MESSAGES.lead.updated);
    expect(calls[0]?.body).toEqual({
      priority: 'Medium',
      nextFollowUpAt: null,
      estimatedValue: 425.5,
      tags: ['vip'],
      notes: 'Gate code 1234',
    });
  });

  it('shows the schema message for a tag that is too long', async () => {
    const lead = makeLead({ tags: ['x'.repeat(41)] });
    const { calls } = mockFetch({});
    renderWithProviders(<LeadEditForm lead={lead} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Tags must be at most 40 characters');
    expect(calls).toHaveLength(0);
  });
});
