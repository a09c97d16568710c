import { automationOperations } from '@shine/shared/operations/automations';
import { leadOperations } from '@shine/shared/operations/leads';
import { settingsOperations } from '@shine/shared/operations/settings';
import { MESSAGES } from '@shine/shared/messages';
import { MISSING_OTHER_NOTE } from '@shine/shared/lost-reasons';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { chooseOption } from '../test/choose-option.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DeferredLeadStatusSelect, LeadStatusSelect } from './LeadStatusSelect.tsx';

const choose = chooseOption;

function seed(queryClient: ReturnType<typeof renderWithProviders>['queryClient']) {
  const keys = [
    [urlFor(leadOperations.getStats)],
    [urlFor(leadOperations.getMetrics)],
    [urlFor(leadOperations.listLeads), { page: 1 }],
    [urlFor(automationOperations.listTemplates)],
  ];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return keys;
}

describe('LeadStatusSelect', () => {
  it('PATCHes the status, toasts success and refreshes leads, stats and metrics only', async () => {
    const lead = makeLead({ firstName: 'Rosa', lastName: 'Diaz' });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.changeLeadStatus, { body: { ...lead, status: 'Won' } }, { params: { id: lead.id } }),
    });
    const { queryClient } = renderWithProviders(<LeadStatusSelect lead={lead} />);
    seed(queryClient);
    await choose('Status of Rosa Diaz', 'Won');

    await screen.findByText(MESSAGES.leadStatus.success);
    expect(calls[0]?.body).toEqual({ status: 'Won' });
    expect(queryClient.getQueryState([urlFor(leadOperations.getStats)])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([urlFor(leadOperations.getMetrics)])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([urlFor(leadOperations.listLeads), { page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([urlFor(automationOperations.listTemplates)])?.isInvalidated).toBe(false);
  });

  it('toasts the failure message', async () => {
    const lead = makeLead({ firstName: 'Sam', lastName: 'Kim' });
    mockFetch({
      ...stubCall(
        leadOperations.changeLeadStatus,
        { status: 404, body: { message: 'Lead not found' } },
        { params: { id: lead.id } },
      ),
    });
    renderWithProviders(<LeadStatusSelect lead={lead} />);
    await choose('Status of Sam Kim', 'Won');
    await screen.findByText(MESSAGES.leadStatus.failed);
    screen.getByText('Lead not found');
  });
});

describe('moving a lead to Lost', () => {
  const reasons = { reasons: ['Price', 'Timing'] };

  it('asks why, needs a note for Other, and sends the reason with the status', async () => {
    const lead = makeLead({ firstName: 'Lou', lastName: 'Reed', status: 'Quoted' });
    const { calls } = mockFetch({
      ...stubCall(settingsOperations.getLostReasons, { body: reasons }),
      ...stubCall(
        leadOperations.changeLeadStatus,
        {
          body: { ...lead, status: 'Lost', lostReason: 'Other', lostNote: 'Moved away' },
        },
        { params: { id: lead.id } },
      ),
    });
    renderWithProviders(<LeadStatusSelect lead={lead} />);
    await choose('Status of Lou Reed', 'Lost');
    // Under test, antd names every element "test-id", so the dialog is found by its title's text.
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Why was Lou Reed lost?');
    expect((await within(dialog).findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Price',
      'Timing',
      'Other',
    ]);

    // No reason yet: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Lost' }));
    await within(dialog).findByText('Choose why the lead was lost');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Lost' }));
    await within(dialog).findByText(MISSING_OTHER_NOTE);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Moved away');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Lost' }));
    await screen.findByText(MESSAGES.leadStatus.success);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'Lost',
      lostReason: 'Other',
      lostNote: 'Moved away',
    });
  });

  it('Cancel leaves the status as it was and sends nothing', async () => {
    const lead = makeLead({ firstName: 'Ann', lastName: 'Wu', status: 'Quoted' });
    const { calls } = mockFetch({ ...stubCall(settingsOperations.getLostReasons, { body: reasons }) });
    renderWithProviders(<LeadStatusSelect lead={lead} />);
    await choose('Status of Ann Wu', 'Lost');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Why was Ann Wu lost?');
    await within(dialog).findAllByRole('radio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Status of Ann Wu' }).closest('.ant-select')?.textContent).toContain(
      'Quoted',
    );
  });
});

describe('DeferredLeadStatusSelect (a table row)', () => {
  it('shows the status as a named combobox without mounting the Select, and one click opens the real one', async () => {
    const lead = makeLead({ firstName: 'Ada', lastName: 'Byrne', status: 'Contacted' });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.changeLeadStatus, { body: { ...lead, status: 'Won' } }, { params: { id: lead.id } }),
    });
    const { container } = renderWithProviders(<DeferredLeadStatusSelect lead={lead} />);
    const standIn = screen.getByRole('combobox', { name: 'Status of Ada Byrne' });
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.lead-status-select')?.textContent).toBe('Contacted');
    expect(document.querySelector('.ant-select-dropdown')).toBeNull();

    // A press swaps nothing yet (a Select mounted mid-mousedown is closed by that same mousedown);
    // the click that ends it does, open and focused.
    const press = fireEvent.mouseDown(standIn);
    expect(press).toBe(false); // default prevented: the focus waits for the real Select
    expect(screen.getByRole('combobox', { name: 'Status of Ada Byrne' })).toBe(standIn);
    fireEvent.mouseUp(standIn);
    fireEvent.click(standIn);
    const select = await waitFor(() => {
      const focused = document.activeElement as HTMLElement;
      expect(focused).not.toBe(standIn);
      expect(focused.getAttribute('aria-label')).toBe('Status of Ada Byrne');
      return focused;
    });
    expect(select.getAttribute('aria-expanded')).toBe('true');
    const won = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="Won"]');
      if (!found) throw new Error('option Won not shown');
      return found;
    });
    fireEvent.click(won);
    await screen.findByText(MESSAGES.leadStatus.success);
    expect(calls[0]?.body).toEqual({ status: 'Won' });
  });

  it('opens on a tap: a click with no mousedown before it', async () => {
    const lead = makeLead({ firstName: 'Tia', lastName: 'Moss' });
    renderWithProviders(<DeferredLeadStatusSelect lead={lead} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Status of Tia Moss' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of Tia Moss' }).getAttribute('aria-expanded')).toBe('true'),
    );
  });

  it('hands keyboard focus to the real Select, closed, so Enter then opens it', async () => {
    const lead = makeLead({ firstName: 'Bo', lastName: 'Reyes' });
    renderWithProviders(<DeferredLeadStatusSelect lead={lead} />);
    const standIn = screen.getByRole('combobox', { name: 'Status of Bo Reyes' });
    act(() => standIn.focus());
    await waitFor(() => {
      const focused = document.activeElement;
      expect(focused).not.toBe(standIn);
      expect(focused?.getAttribute('aria-label')).toBe('Status of Bo Reyes');
    });
    const select = document.activeElement as HTMLElement;
    expect(select.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(select, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
  });
});
