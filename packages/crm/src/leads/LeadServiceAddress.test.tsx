import { leadOperations } from '@shine/shared/operations/leads';
import { SERVICE_ADDRESS_MESSAGES } from '@shine/shared/service-address';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadServiceAddress } from './LeadServiceAddress.tsx';

describe('LeadServiceAddress', () => {
  it('shows the address with a map link in a new tab, and edits it with PUT', async () => {
    const lead = makeLead({ serviceAddress: { line1: '4521 Elm Street', line2: null, city: 'Plano', zip: '75024' } });
    const { calls } = mockFetch({
      ...stubCall(
        leadOperations.setServiceAddress,
        ({ body }) => ({ body: { ...lead, serviceAddress: { ...body.address, line2: body.address.line2 ?? null } } }),
        { params: { id: lead.id } },
      ),
    });
    renderWithProviders(<LeadServiceAddress lead={lead} />);
    expect(screen.getByText('4521 Elm Street, Plano, TX 75024')).toBeTruthy();
    const map = screen.getByRole('link', { name: /^Map of 4521 Elm Street, Plano, TX 75024/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=4521%20Elm%20Street%2C%20Plano%2C%20TX%2075024',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit service address' }));
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('4521 Elm Street');
    await user.type(screen.getByLabelText('Apartment, suite or unit (optional)'), 'Apt 4');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Service address saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      address: { line1: '4521 Elm Street', line2: 'Apt 4', city: 'Plano', zip: '75024' },
    });
  });

  it('adds one to a lead without, the request’s ZIP prefilled; shows the API’s messages and sends nothing while wrong', async () => {
    const lead = makeLead({ zipcode: '75201', serviceAddress: null });
    const { calls } = mockFetch({});
    renderWithProviders(<LeadServiceAddress lead={lead} />);
    expect(screen.getByText('No address yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add service address' }));
    expect((screen.getByLabelText('ZIP code') as HTMLInputElement).value).toBe('75201');
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '752');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText(SERVICE_ADDRESS_MESSAGES.line1)).toBeTruthy();
    expect(screen.getByText(SERVICE_ADDRESS_MESSAGES.zip)).toBeTruthy();
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    // A city outside the service area is only a warning for staff.
    expect(screen.getByText(/Outside the service area/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
