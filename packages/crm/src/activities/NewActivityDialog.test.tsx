import { leadOperations } from '@shine/shared/operations/leads';
import { MESSAGES } from '@shine/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '../test/choose-option.ts';
import { makeActivity, makeLead, makeLeadPage } from '../test/fixtures.ts';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NewActivityDialog, toActivityPayload } from './NewActivityDialog.tsx';

describe('toActivityPayload', () => {
  it('leaves out an empty description and formats the scheduled time', () => {
    expect(
      toActivityPayload({
        leadId: 'x',
        type: 'call',
        title: 'Call',
        description: '  ',
        status: 'pending',
        scheduledAt: null,
      }),
    ).toEqual({
      leadId: 'x',
      type: 'call',
      title: 'Call',
      description: undefined,
      status: 'pending',
      scheduledAt: undefined,
    });
  });
});

describe('NewActivityDialog', () => {
  it('shows Lead is required and Title is required on submit', async () => {
    mockFetch({ ...stubCall(leadOperations.listLeads, { body: makeLeadPage([]) }) });
    renderWithProviders(<NewActivityDialog open onClose={() => {}} />);
    const user = userEvent.setup();
    await screen.findByLabelText('Title');
    await chooseOption('Type', 'Task');
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));
    await screen.findByText('Lead is required');
    screen.getByText('Title is required');
  });

  it('logs a task for the given lead and toasts success', async () => {
    const lead = makeLead({ firstName: 'Maya', lastName: 'Ortiz' });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.listLeads, { body: makeLeadPage([lead]) }),
      ...stubCall(leadOperations.createActivity, ({ body }) => ({
        status: 201,
        body: makeActivity(body.leadId, { type: body.type, subject: body.title, status: body.status ?? 'pending' }),
      })),
    });
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(<NewActivityDialog open onClose={onClose} lead={lead} lockLead onCreated={onCreated} />);
    const user = userEvent.setup();
    await chooseOption('Type', 'Task');
    await user.type(await screen.findByLabelText('Title'), 'Confirm walkthrough');
    await user.type(screen.getByLabelText('Description'), 'Ask about pets');
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));

    await screen.findByText(MESSAGES.activity.success);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      leadId: lead.id,
      type: 'task',
      title: 'Confirm walkthrough',
      description: 'Ask about pets',
      status: 'pending',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).toHaveBeenCalledWith(lead, lead.id);
  });

  it('a call made now asks how it went, and saves it with the follow-up and the status in one request', async () => {
    const lead = makeLead({ firstName: 'Maya', lastName: 'Ortiz', nextFollowUpAt: null });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.listLeads, { body: makeLeadPage([lead]) }),
      ...stubCall(leadOperations.logCall, {
        status: 201,
        body: { activity: makeActivity(lead.id, { status: 'completed', outcome: 'reached' }), lead },
      }),
    });
    const onClose = vi.fn();
    renderWithProviders(<NewActivityDialog open onClose={onClose} lead={lead} lockLead />);
    const user = userEvent.setup();
    await screen.findByLabelText('Title');
    expect(screen.queryByLabelText(/Scheduled time/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));
    await screen.findByText('Outcome is required');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByText('Reached'));
    await chooseOption('Status after the call', 'Contacted');
    await user.type(screen.getByLabelText('Note'), 'Wants a quote for Friday');
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(urlFor(leadOperations.logCall, { params: { id: lead.id } }));
    expect(post?.body).toEqual({ outcome: 'reached', note: 'Wants a quote for Friday', status: 'Contacted' });
  });

  it('starts a call, e-mail or meeting Completed and a note or task Pending, until the person picks a status', async () => {
    const lead = makeLead();
    mockFetch({ ...stubCall(leadOperations.listLeads, { body: makeLeadPage([lead]) }) });
    renderWithProviders(<NewActivityDialog open onClose={() => {}} lead={lead} lockLead />);
    const statusShown = () => screen.getByRole('combobox', { name: 'Status' }).closest('.ant-select')?.textContent;
    await screen.findByLabelText('Title');
    expect(statusShown()).toBe('Completed');
    await chooseOption('Type', 'Task');
    await waitFor(() => expect(statusShown()).toBe('Pending'));
    await chooseOption('Type', 'Meeting');
    await waitFor(() => expect(statusShown()).toBe('Completed'));
    await chooseOption('Status', 'Cancelled');
    await chooseOption('Type', 'Note');
    await waitFor(() => expect(statusShown()).toBe('Cancelled'));
  });

  it('toasts the failure message when the API refuses', async () => {
    const lead = makeLead();
    mockFetch({
      ...stubCall(leadOperations.listLeads, { body: makeLeadPage([lead]) }),
      ...stubCall(leadOperations.createActivity, {
        status: 500,
        body: { message: 'Something went wrong on our side.' },
      }),
    });
    renderWithProviders(<NewActivityDialog open onClose={() => {}} lead={lead} lockLead />);
    const user = userEvent.setup();
    await chooseOption('Type', 'Note');
    await user.type(await screen.findByLabelText('Title'), 'Call');
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));
    await screen.findByText(MESSAGES.activity.failed);
  });
});
