import type { CompanyDetailsView, CompanyDetailsSettings as SavedDetails } from '@shine/shared/company-settings';
import { settingsOperations } from '@shine/shared/operations/settings';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { CompanyDetailsSettings } from './CompanyDetailsSettings.tsx';

const saved: CompanyDetailsView = {
  name: 'Lone Star Shine Cleaning',
  postalAddress: '1200 Main Street\nDallas, TX 75202',
  reviewUrl: null,
};

/** What the API answers a save: the fields sent, the saved review page when none was. */
const savedAs = (body: SavedDetails): CompanyDetailsView => ({
  name: body.name,
  postalAddress: body.postalAddress,
  reviewUrl: typeof body.reviewUrl === 'string' ? body.reviewUrl : saved.reviewUrl,
});

describe('CompanyDetailsSettings', () => {
  it('shows the saved details and sends the changed address', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(settingsOperations.getCompanySettings, { body: saved }),
      ...stubCall(settingsOperations.saveCompanySettings, ({ body }) => ({ body: savedAs(body) })),
    });
    renderWithProviders(<CompanyDetailsSettings />);
    const address = await screen.findByLabelText('Postal address');
    expect((address as HTMLTextAreaElement).value).toBe(saved.postalAddress);
    const user = userEvent.setup();
    await user.clear(address);
    await user.type(address, 'PO Box 77{enter}Fort Worth, TX 76102');
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    await screen.findByText('Company details saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: saved.name, postalAddress: 'PO Box 77\nFort Worth, TX 76102', reviewUrl: null },
    ]);
  });

  it('sends the review page as an https link, and refuses any other beside the field', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(settingsOperations.getCompanySettings, { body: saved }),
      ...stubCall(settingsOperations.saveCompanySettings, ({ body }) => ({ body: savedAs(body) })),
    });
    renderWithProviders(<CompanyDetailsSettings />);
    const review = await screen.findByLabelText('Review page');
    expect((review as HTMLInputElement).value).toBe('');
    const user = userEvent.setup();
    await user.type(review, 'http://example.com/review');
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText(/as an https:\/\/ link/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(review);
    await user.type(review, 'https://g.page/r/lone-star-shine/review');
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    await screen.findByText('Company details saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: saved.name, postalAddress: saved.postalAddress, reviewUrl: 'https://g.page/r/lone-star-shine/review' },
    ]);
  });

  it('refuses an empty address beside the field, without a request', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(settingsOperations.getCompanySettings, { body: saved }),
    });
    renderWithProviders(<CompanyDetailsSettings />);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Postal address'));
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Enter the postal address')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
