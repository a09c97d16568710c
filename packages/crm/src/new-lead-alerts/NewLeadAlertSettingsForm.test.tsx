import { liveOperations } from '@shine/shared/operations/live';
import { DEFAULT_NEW_LEAD_ALERT_SETTINGS } from '@shine/shared/new-lead-alerts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemNotifications } from '../platform/platform.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NewLeadAlertSettingsForm } from './NewLeadAlertSettingsForm.tsx';

function serve(initial = DEFAULT_NEW_LEAD_ALERT_SETTINGS) {
  let saved = { ...initial };
  return mockFetch({
    ...stubCall(liveOperations.getAlertSettings, () => ({ body: saved })),
    ...stubCall(liveOperations.updateAlertSettings, ({ body }) => {
      saved = { ...saved, ...body };
      return { body: saved };
    }),
  });
}

function notifications(answer: 'granted' | 'denied'): SystemNotifications {
  let permission: 'granted' | 'denied' | 'default' = 'default';
  return {
    permission: () => permission,
    requestPermission: vi.fn(async () => {
      permission = answer;
      return answer;
    }),
    show: vi.fn(),
  };
}

describe('NewLeadAlertSettingsForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves each switch as it changes, only that setting', async () => {
    const { calls } = serve();
    renderWithProviders(<NewLeadAlertSettingsForm />, { platform: { notifications: notifications('granted') } });
    await userEvent.click(await screen.findByRole('switch', { name: 'Play a sound' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ sound: true }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Play a sound' }).getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('asks for notification permission from the click, and says so when the browser refuses', async () => {
    const { calls } = serve();
    const system = notifications('denied');
    renderWithProviders(<NewLeadAlertSettingsForm />, { platform: { notifications: system } });
    await userEvent.click(await screen.findByRole('switch', { name: /System notifications/ }));
    expect(system.requestPermission).toHaveBeenCalledOnce();
    await screen.findByText(/Notifications are blocked for this site/);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('quiet hours start at 21:00–07:00 and save each end when it is left', async () => {
    const { calls } = serve();
    renderWithProviders(<NewLeadAlertSettingsForm />, { platform: { notifications: notifications('granted') } });
    await userEvent.click(await screen.findByRole('switch', { name: /Quiet hours/ }));
    const from = await screen.findByLabelText('From');
    expect((from as HTMLInputElement).value).toBe('21:00');
    fireEvent.change(from, { target: { value: '22:30' } });
    fireEvent.blur(from);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { quietHours: { start: '21:00', end: '07:00' } },
        { quietHours: { start: '22:30', end: '07:00' } },
      ]),
    );
  });
});
