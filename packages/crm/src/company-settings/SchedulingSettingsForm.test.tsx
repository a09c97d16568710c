import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { upcomingUsFederalHolidays } from '@shine/shared/holidays';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { fromFormValues, SchedulingSettingsForm, toFormValues } from './SchedulingSettingsForm.tsx';

describe('SchedulingSettingsForm', () => {
  it('reads back what it shows', () => {
    expect(fromFormValues(toFormValues(DEFAULT_SCHEDULING_SETTINGS))).toEqual(DEFAULT_SCHEDULING_SETTINGS);
  });

  it('sends the crews, one a line, and refuses a window outside the hours beside its field', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.saveSchedulingSettings, (call) => ({ body: call.body })),
    });
    renderWithProviders(<SchedulingSettingsForm />);
    const user = userEvent.setup();
    const monday = within(await screen.findByRole('group', { name: 'Monday' }));
    const windows = monday.getByLabelText('Arrival windows start at');
    await user.clear(windows);
    await user.type(windows, '08:00, 19:00');
    await user.click(screen.getByRole('button', { name: 'Save scheduling settings' }));
    expect(await monday.findByText('An arrival window starts within the working hours')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(windows);
    await user.type(windows, '08:00, 13:00');
    const crews = screen.getByLabelText('Crews (one name a line)');
    await user.clear(crews);
    await user.type(crews, 'North{enter}South{enter}East');
    await user.click(screen.getByRole('button', { name: 'Save scheduling settings' }));
    await screen.findByText('Scheduling settings saved');
    const [sent] = calls.filter((c) => c.method === 'PUT').map((c) => c.body as typeof DEFAULT_SCHEDULING_SETTINGS);
    expect(sent?.crews).toEqual(['North', 'South', 'East']);
    expect(sent?.days[1]?.windows).toEqual(['08:00', '13:00']);
    expect(sent?.days[0]).toBeNull();
  });

  describe('closed days', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('offers the next 12 months’ federal holidays with one click, any date, and removes one; sends them sorted', async () => {
      // Early December: Christmas Day is the first holiday offered, Thanksgiving of this year is past.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-03T18:00:00Z'));
      const holidays = upcomingUsFederalHolidays('2026-12-03');
      expect(holidays).toHaveLength(11);
      const { calls } = mockFetch({
        ...signedInAs('admin'),
        ...stubCall(schedulingOperations.getSchedulingSettings, {
          body: { ...DEFAULT_SCHEDULING_SETTINGS, closedDates: ['2027-03-15'] },
        }),
        ...stubCall(schedulingOperations.saveSchedulingSettings, (call) => ({ body: call.body })),
      });
      renderWithProviders(<SchedulingSettingsForm />);
      const user = userEvent.setup();
      const group = within(await screen.findByRole('group', { name: 'Closed days' }));
      expect(group.queryByRole('button', { name: /Thanksgiving Day, Thu, Nov 26(?!, 2027)/ })).toBeNull();
      await user.click(group.getByRole('button', { name: /^Close Christmas Day, Fri, Dec 25/ }));
      expect(group.getByRole('button', { name: /^Closed: Christmas Day/ }).hasAttribute('disabled')).toBe(true);
      await user.type(group.getByLabelText('Close another date'), '2026-12-31');
      await user.click(group.getByRole('button', { name: 'Add date' }));
      await user.click(group.getByRole('button', { name: /^Remove .*Mar 15/ }));
      await user.click(screen.getByRole('button', { name: 'Save scheduling settings' }));
      await screen.findByText('Scheduling settings saved');
      const [sent] = calls.filter((c) => c.method === 'PUT').map((c) => c.body as typeof DEFAULT_SCHEDULING_SETTINGS);
      expect(sent?.closedDates).toEqual(['2026-12-25', '2026-12-31']);
    });

    it('closes every holiday at once', async () => {
      const { calls } = mockFetch({
        ...signedInAs('admin'),
        ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
        ...stubCall(schedulingOperations.saveSchedulingSettings, (call) => ({ body: call.body })),
      });
      renderWithProviders(<SchedulingSettingsForm />);
      const user = userEvent.setup();
      const group = within(await screen.findByRole('group', { name: 'Closed days' }));
      expect(group.getByText('No closed days.')).toBeTruthy();
      await user.click(group.getByRole('button', { name: 'Close on every holiday' }));
      expect(group.getByRole('button', { name: 'Close on every holiday' }).hasAttribute('disabled')).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Save scheduling settings' }));
      await screen.findByText('Scheduling settings saved');
      const [sent] = calls.filter((c) => c.method === 'PUT').map((c) => c.body as typeof DEFAULT_SCHEDULING_SETTINGS);
      expect(sent?.closedDates).toHaveLength(11);
      expect(sent?.closedDates).toEqual([...(sent?.closedDates ?? [])].sort());
    });
  });
});
