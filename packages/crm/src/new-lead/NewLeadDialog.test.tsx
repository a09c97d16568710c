import { leadOperations } from '@shine/shared/operations/leads';
import { VALIDATION } from '@shine/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '../test/choose-option.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeLead } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NewLeadDialog } from './NewLeadDialog.tsx';
import { isNewLeadShortcut } from './new-lead-shortcut.ts';

const OLD_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const NEW_ID = '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b';

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First Name'), 'Maria');
  await user.type(screen.getByLabelText('Last Name'), 'Gonzalez');
  await user.type(screen.getByLabelText('Email Address'), 'maria@example.com');
  await user.type(screen.getByLabelText('Phone Number'), '214-555-0142');
  await user.type(screen.getByLabelText('Zip Code'), '75201');
  await chooseOption('Number of Bedrooms', '3 Bedrooms');
  await chooseOption('Number of Bathrooms', '2 Bathrooms');
  await chooseOption('Cleaning Type', 'Deep Cleaning');
  await chooseOption('Cleaning Frequency', 'Weekly');
  return user;
}

describe('NewLeadDialog', () => {
  it('shows the quote form’s messages for an empty form and sends nothing', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<NewLeadDialog open onClose={() => {}} onSaved={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save lead' }));
    await screen.findByText(VALIDATION.firstName);
    screen.getByText(VALIDATION.email);
    screen.getByText(VALIDATION.bedrooms);
    expect(calls).toHaveLength(0);
  });

  it('shows the instant estimate, sends source Phone Call by default, and opens the new lead', async () => {
    const lead = makeLead({ id: NEW_ID, firstName: 'Maria', lastName: 'Gonzalez' });
    const { calls } = mockFetch({ ...stubCall(leadOperations.createLead, { status: 201, body: { lead } }) });
    const onSaved = vi.fn();
    renderWithProviders(<NewLeadDialog open onClose={() => {}} onSaved={onSaved} />);
    expect((await screen.findByTestId('new-lead-estimate')).textContent).toContain('Choose bedrooms');
    const user = await fillIn();
    await waitFor(() =>
      expect(screen.getByTestId('new-lead-estimate').textContent).toMatch(/Estimated \$\d+–\$\d+ per visit/),
    );
    await user.click(screen.getByRole('button', { name: 'Save lead' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(calls[0]?.body).toMatchObject({
      firstName: 'Maria',
      source: 'Phone Call',
      bedrooms: '3',
      frequency: 'Weekly',
    });
  });

  it('offers the match of a repeat, and adds the request to it on request', async () => {
    const lead = makeLead({ id: OLD_ID, firstName: 'Maria', lastName: 'Gonzalez' });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.createLead, (call) =>
        (call.body as { addToLead?: string }).addToLead
          ? { status: 200, body: { lead } }
          : {
              status: 409,
              body: {
                message: 'Maria Gonzalez already has a lead (Quoted)',
                matches: [{ id: OLD_ID, name: 'Maria Gonzalez', status: 'Quoted' }],
              },
            },
      ),
    });
    const onSaved = vi.fn();
    renderWithProviders(<NewLeadDialog open onClose={() => {}} onSaved={onSaved} />);
    await screen.findByLabelText('First Name');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Save lead' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const offer = await screen.findByTestId('new-lead-match');
    expect(offer.textContent).toContain('Maria Gonzalez already has a lead (Quoted)');
    screen.getByRole('button', { name: 'Create a new lead anyway' });
    screen.getByRole('button', { name: 'Open that lead' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to that lead' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(OLD_ID));
    expect(calls[1]?.body).toMatchObject({ addToLead: OLD_ID });
  });
});

describe('the N shortcut', () => {
  const press = (target: EventTarget, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key: 'n', bubbles: true, ...init });
    Object.defineProperty(event, 'target', { value: target });
    return event;
  };

  it('is N alone, outside fields and dialogs', () => {
    // A tree of its own, never attached: nothing is left in the page for the test files after this one.
    const root = document.createElement('main');
    root.innerHTML = '<button>x</button><input /><div role="dialog"><button>y</button></div>';
    const [button, dialogButton] = [...root.querySelectorAll('button')];
    const input = root.querySelector('input') as HTMLInputElement;
    expect(isNewLeadShortcut(press(button as HTMLElement))).toBe(true);
    expect(isNewLeadShortcut(press(button as HTMLElement, { key: 'N', shiftKey: true }))).toBe(true);
    expect(isNewLeadShortcut(press(input))).toBe(false);
    expect(isNewLeadShortcut(press(dialogButton as HTMLElement))).toBe(false);
    expect(isNewLeadShortcut(press(button as HTMLElement, { ctrlKey: true }))).toBe(false);
    expect(isNewLeadShortcut(press(button as HTMLElement, { key: 'm' }))).toBe(false);
  });
});
