import { sessionOf } from '../test/team-fixtures.ts';
import { publicOperations } from '@shine/shared/operations/public';
import { MESSAGES } from '@shine/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestOf, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const signedOut = stubCall(publicOperations.getSession, { body: { isAuthenticated: false } });

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Email'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login to Dashboard' }));
  return user;
}

describe('LoginPage', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the fields of the brief, button and Back to Home link', async () => {
    mockFetch(signedOut);
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    screen.getByRole('heading', { name: 'Admin Login' });
    screen.getByLabelText('Email');
    screen.getByLabelText('Password');
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });

  it('offers Server settings only where the platform lets the user choose the server', async () => {
    mockFetch(signedOut);
    const { unmount } = renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.queryByRole('button', { name: /Server settings/ })).toBeNull();
    unmount();
    const server = {
      getSettings: async () => ({ serverUrl: null }),
      testServerUrl: async () => ({ ok: true as const }),
      setServerUrl: async () => ({ ok: true as const }),
    };
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login', platform: { server } });
    await userEvent.setup().click(screen.getByRole('button', { name: /Server settings/ }));
    expect(await screen.findByLabelText('Server URL')).not.toBeNull();
  });

  it('validates on submit with the messages of the brief, not before', async () => {
    const { calls } = mockFetch(signedOut);
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a');
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.queryByText('Username is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Login to Dashboard' }));
    await screen.findByText('Username is required');
    screen.getByText('Password is required');
    // whitespace only is still empty once trimmed
    await user.type(screen.getByLabelText('Email'), '   ');
    await screen.findByText('Username is required');
    // re-validates on change after the first submit
    await user.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByText('Password is required')).toBeNull());
    expect(calls.some((call) => call.url === urlFor(publicOperations.signIn))).toBe(false);
  });

  it('sends trimmed credentials as username/password, checks the session, then navigates after 500 ms', async () => {
    let signedIn = false;
    const { calls } = mockFetch({
      ...stubCall(publicOperations.getSession, () => ({
        body: signedIn ? sessionOf('admin') : { isAuthenticated: false },
      })),
      ...stubCall(publicOperations.signIn, () => {
        signedIn = true;
        return { body: sessionOf('admin') };
      }),
    });
    // The 500 ms redirect delay is held here and released by the test: on a loaded machine more than
    // 500 ms may pass before the assertions below, and the page would already have moved on.
    const original = window.setTimeout;
    const redirects: Array<() => void> = [];
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay === 500 && typeof handler === 'function') {
        redirects.push(handler as () => void);
        return 0;
      }
      return original(handler, delay, ...rest);
    }) as typeof window.setTimeout);
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    await waitFor(() => expect(calls.length).toBe(1)); // the initial session check
    await fillAndSubmit('  admin@example.com ', ' secret-pass ');

    await screen.findByText(MESSAGES.login.successTitle);
    screen.getByText(MESSAGES.login.successText);
    screen.getByRole('button', { name: /Logging in\.\.\./ });
    const login = calls.find((call) => call.url === urlFor(publicOperations.signIn));
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ username: 'admin@example.com', password: 'secret-pass' });
    expect(login?.init?.credentials).toBe('include');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      requestOf(publicOperations.getSession),
      requestOf(publicOperations.signIn),
      requestOf(publicOperations.getSession),
    ]);
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(assign).not.toHaveBeenCalled();
    redirects[0]?.();
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('shows Login Failed with the server message', async () => {
    mockFetch({
      ...signedOut,
      ...stubCall(publicOperations.signIn, { status: 401, body: { message: 'Invalid email or password' } }),
    });
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    await fillAndSubmit('admin@example.com', 'wrong');
    await screen.findByText(MESSAGES.login.failedTitle);
    screen.getByText('Invalid email or password');
    screen.getByRole('button', { name: 'Login to Dashboard' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('falls back to Authentication failed ({status}) without a message', async () => {
    mockFetch({ ...signedOut, ...stubCall(publicOperations.signIn, { status: 502 }) });
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    await fillAndSubmit('admin@example.com', 'pw');
    await screen.findByText('Authentication failed (502)');
  });

  it('falls back to Invalid credentials when there is no answer at all', async () => {
    mockFetch({ ...signedOut, ...stubCall(publicOperations.signIn, new TypeError('Failed to fetch')) });
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    await fillAndSubmit('admin@example.com', 'pw');
    await screen.findByText(MESSAGES.login.fallback);
  });

  it('reports a failed session check after a 200 login', async () => {
    mockFetch({ ...signedOut, ...stubCall(publicOperations.signIn, { body: { isAuthenticated: true } }) });
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    await fillAndSubmit('admin@example.com', 'pw');
    await screen.findByText(MESSAGES.login.sessionFailed);
    expect(assign).not.toHaveBeenCalled();
  });
});
