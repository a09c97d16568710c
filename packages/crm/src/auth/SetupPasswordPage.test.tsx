import { teamOperations } from '@shine/shared/operations/team';
import { MESSAGES } from '@shine/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PASSWORDS_DIFFER } from '../ui/password-rules.ts';
import { SetupPasswordPage } from './SetupPasswordPage.tsx';

const TOKEN = 'tok_0123456789abcdefghijklmnop';
const USABLE = {
  ...stubCall(teamOperations.checkSetupLink, { body: { usable: true, expiresAt: '2030-01-01T00:00:00.000Z' } }),
};

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  // The form opens once the link was checked.
  await waitFor(() => expect((screen.getByLabelText('New password') as HTMLInputElement).disabled).toBe(false));
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  return user;
}

describe('SetupPasswordPage', () => {
  it('posts the token of the path with the new password, then links to sign in', async () => {
    const { calls } = mockFetch({ ...USABLE, ...stubCall(teamOperations.setPasswordWithLink, { status: 204 }) });
    renderWithProviders(<SetupPasswordPage />, { route: `/setup-password/${TOKEN}`, path: '/setup-password/:token' });
    screen.getByText(MESSAGES.password.newPasswordRule);
    const user = await choose('a-brand-new-password');
    await screen.findByRole('heading', { name: 'Your password is set' });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', urlFor(teamOperations.checkSetupLink), { token: TOKEN }],
      ['POST', urlFor(teamOperations.setPasswordWithLink), { token: TOKEN, password: 'a-brand-new-password' }],
    ]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByText('Login screen');
  });

  it("shows the server's message for a used or expired link", async () => {
    const message = 'This set-up link has expired. Ask an admin of your team for a new link.';
    mockFetch({ ...USABLE, ...stubCall(teamOperations.setPasswordWithLink, { status: 400, body: { message } }) });
    renderWithProviders(<SetupPasswordPage />, { route: `/setup-password?token=${TOKEN}`, path: '/setup-password' });
    await choose('a-brand-new-password');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('heading', { name: 'Your password is set' })).toBeNull();
  });

  it('checks the rules and the confirmation before sending anything', async () => {
    const { calls } = mockFetch(USABLE);
    renderWithProviders(<SetupPasswordPage />, { route: `/setup-password/${TOKEN}`, path: '/setup-password/:token' });
    await choose('short', 'shorter');
    await screen.findByText(PASSWORDS_DIFFER);
    await screen.findByText(/Password must be at least/);
    expect(calls.map((c) => c.url)).toEqual([urlFor(teamOperations.checkSetupLink)]);
  });

  it('says at once, before any password is typed, that a used or unknown link cannot be used', async () => {
    const message = 'This set-up link is not valid: it was used already or replaced by a newer one.';
    const { calls } = mockFetch({
      ...stubCall(teamOperations.checkSetupLink, {
        status: 400,
        body: { message, issues: [{ path: 'token', message }] },
      }),
    });
    renderWithProviders(<SetupPasswordPage />, { route: `/setup-password/${TOKEN}`, path: '/setup-password/:token' });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByText(/Ask an admin of your team for a new one/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', urlFor(teamOperations.checkSetupLink), { token: TOKEN }],
    ]);
  });

  it('says so when the link carries no token', async () => {
    renderWithProviders(<SetupPasswordPage />, { route: '/setup-password', path: '/setup-password' });
    screen.getByText('This set-up link is incomplete');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
