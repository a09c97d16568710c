import { SALES_ID } from '../test/team-fixtures.ts';
import { publicOperations } from '@shine/shared/operations/public';
import { MESSAGES, VALIDATION } from '@shine/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CrmPlatform, ServerConnection } from '../platform/platform.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { useSettingsDialog } from './settings-context.ts';

function OpenButton() {
  const settings = useSettingsDialog();
  return (
    <button type="button" onClick={settings.open}>
      Open settings
    </button>
  );
}

/** A platform like the desktop app's: a server choice and an application menu. */
function desktopPlatform(overrides: Partial<ServerConnection> = {}) {
  let menuListener: (() => void) | undefined;
  const server = {
    getSettings: vi.fn(async () => ({ serverUrl: 'https://crm.example.com' })),
    testServerUrl: vi.fn(async () => ({ ok: false as const, message: 'Could not reach https://nowhere.example' })),
    setServerUrl: vi.fn(async () => ({ ok: true as const })),
    ...overrides,
  };
  const onOpenSettings = vi.fn((listener: () => void) => {
    menuListener = listener;
    return () => {
      menuListener = undefined;
    };
  });
  const platform: CrmPlatform = { server, onOpenSettings };
  return { platform, server, onOpenSettings, openFromMenu: () => menuListener?.() };
}

const signedIn = stubCall(publicOperations.getSession, {
  body: {
    isAuthenticated: true,
    user: { id: SALES_ID, username: 'staff@example.com', name: 'Sam Staff', role: 'sales' },
  },
});

describe('Settings dialog', () => {
  it('in the browser: password change only, no Server section', async () => {
    mockFetch(signedIn);
    renderWithProviders(<OpenButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' }));
    // The dialog's code loads on demand: its first import in a test run may take longer than 1 s.
    await screen.findByText('Change Password', { selector: 'h2' }, { timeout: 10_000 });
    screen.getByText('staff@example.com');
    expect(screen.queryByText('Server')).toBeNull();
  });

  it('changes the password and reports the server message on failure', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...signedIn,
      ...stubCall(publicOperations.changePassword, () => {
        attempts += 1;
        return attempts === 1 ? { status: 400, body: { message: 'Current password is incorrect' } } : { status: 204 };
      }),
    });
    renderWithProviders(<OpenButton />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText('Failed to change password. Please try again.');
    screen.getByText('Current password is incorrect');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText('Password changed successfully.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { currentPassword: 'old-password', newPassword: 'a-brand-new-password' },
      { currentPassword: 'old-password', newPassword: 'a-brand-new-password' },
    ]);
  });

  it('states the new-password rule and refuses edge spaces before sending anything', async () => {
    const { calls } = mockFetch(signedIn);
    renderWithProviders(<OpenButton />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await screen.findByText(MESSAGES.password.newPasswordRule);
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password ');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password ');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText(VALIDATION.passwordEdgeSpace);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('in the desktop app: opens from the menu and tests, shows failures, and saves the server URL', async () => {
    mockFetch({ ...stubCall(publicOperations.getSession, { body: { isAuthenticated: false } }) });
    const { platform, server, onOpenSettings, openFromMenu } = desktopPlatform();
    renderWithProviders(<p>screen</p>, { platform });
    await waitFor(() => expect(onOpenSettings).toHaveBeenCalled());
    act(() => openFromMenu());

    const url = await screen.findByLabelText('Server URL');
    await waitFor(() => expect((url as HTMLInputElement).value).toBe('https://crm.example.com'));
    const user = userEvent.setup();
    await user.clear(url);
    await user.type(url, ' https://nowhere.example ');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Could not reach https://nowhere.example');
    expect(server.testServerUrl).toHaveBeenCalledWith('https://nowhere.example');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Server URL saved.');
    expect(server.setServerUrl).toHaveBeenCalledWith('https://nowhere.example');
    // signed out: no password section
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('shows the message setServerUrl answers when it refuses', async () => {
    mockFetch({ ...stubCall(publicOperations.getSession, { body: { isAuthenticated: false } }) });
    const { platform } = desktopPlatform({
      setServerUrl: vi.fn(async () => ({ ok: false as const, message: 'Only http and https URLs' })),
    });
    renderWithProviders(<OpenButton />, { platform });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.type(await screen.findByLabelText('Server URL'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Only http and https URLs');
  });
});
