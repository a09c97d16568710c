import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
