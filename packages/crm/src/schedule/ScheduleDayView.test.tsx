import type { AdminVisit } from '@shine/shared/bookings';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessDateOf } from '../format/date-time.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { dayHours, ScheduleDayView } from './ScheduleDayView.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';

const VISIT_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000012';

/** Today in the business's calendar (the day the Schedule's day view opens on). */
const todayKey = () => businessDateOf(new Date());

function visitToday(overrides: Partial<AdminVisit> = {}): AdminVisit {
  const day = todayKey();
  return {
    id: VISIT_ID,
    bookingId: '5d1e2f3a-4b5c-4d6e-8f70-000000000014',
    leadId: '5d1e2f3a-4b5c-4d6e-8f70-000000000013',
    leadName: 'Dora Day',
    start: `${day}T10:00:00-06:00`,
    end: `${day}T12:30:00-06:00`,
    arrivalEnd: `${day}T12:00:00-06:00`,
    status: 'scheduled',
    crew: 1,
    frequency: 'Weekly',
    needsReview: false,
    address: { line1: '12 Oak Lane', line2: null, city: 'Frisco', zip: '75034' },
    phone: '(469) 555-0101',
    price: '180.00',
    durationMinutes: 150,
    flags: [],
    startedAt: null,
    ...overrides,
  };
}

/** jsdom has no DragEvent (its drag events are plain events): the pointer's height, as a browser gives it. */
function at(event: Event, clientY: number): Event {
  Object.defineProperty(event, 'clientY', { value: clientY });
  return event;
}

/** A drag as the browser hands it over: what the card set, read back at the drop. */
function fakeTransfer() {
  const data = new Map<string, string>();
  return {
    types: [] as string[],
    setData(type: string, value: string) {
      data.set(type, value);
      this.types.push(type);
    },
    getData: (type: string) => data.get(type) ?? '',
    dropEffect: 'none',
    effectAllowed: 'all',
  };
}

describe('the Schedule’s day', () => {
  it('shows each crew as a column and each visit with what a dispatcher needs; flagged ones stand out', () => {
    renderWithProviders(
      <ScheduleDayView
        date={todayKey()}
        crews={['North', 'South']}
        workingDay={{ open: '08:00', close: '18:00', windows: ['08:00'] }}
        visits={[
          visitToday(),
          visitToday({ id: 'b', leadName: 'Flo Flag', crew: 2, flags: ['moved_closed_day'], address: null }),
        ]}
        onOpen={() => {}}
        onMove={() => {}}
      />,
    );
    const north = screen.getByRole('list', { name: 'North: 1 visit' });
    const card = within(north).getByRole('button', { name: /Dora Day/ });
    expect(card.textContent).toContain('10:00 AM–12:30 PM Dora Day');
    expect(card.textContent).toContain('12 Oak Lane, Frisco');
    expect(card.textContent).toContain('(469) 555-0101 · $180.00 · 2 h 30 min');
    expect(card.className).not.toContain('flagged');
    const flagged = within(screen.getByRole('list', { name: 'South: 1 visit' })).getByRole('button', {
      name: /Flo Flag/,
    });
    expect(flagged.className).toContain('schedule-daycard--flagged');
    expect(flagged.textContent).toContain('No address');
    expect(flagged.textContent).toContain('Check: moved off a closed day');
  });

  it('widens the day to a visit outside the working hours', () => {
    const late = visitToday({ start: `${todayKey()}T18:30:00-06:00`, durationMinutes: 90 });
    expect(dayHours({ open: '08:00', close: '17:00', windows: [] }, [late])).toEqual({ from: 480, to: 1200 });
    expect(dayHours(null, [])).toEqual({ from: 480, to: 1080 });
  });

  it('moves a visit dragged to another crew and time: PATCHed with the new start and crew', async () => {
    const visit = visitToday();
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, {
        body: { ...DEFAULT_SCHEDULING_SETTINGS, crews: ['North', 'South'] },
      }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(
        schedulingOperations.updateVisit,
        ({ body }) => ({ body: { ...visit, crew: body.crew ?? visit.crew } }),
        {
          params: { id: VISIT_ID },
        },
      ),
    });
    renderWithProviders(<ScheduleSection />);
    const user = userEvent.setup();
    // antd's Segmented: its label takes the press.
    await user.click(await screen.findByText('Day'));
    const card = await screen.findByRole('button', { name: /Dora Day/ });
    const south = screen.getByRole('list', { name: 'South: 0 visits' });
    const transfer = fakeTransfer();
    fireEvent(card, at(createEvent.dragStart(card, { dataTransfer: transfer }), 0));
    fireEvent.dragOver(south, { dataTransfer: transfer });
    // jsdom lays nothing out: the column's top is 0, so the drop's y is the time from the day's start.
    // 8 AM + 3.5 hours at 88 px an hour = 11:30.
    fireEvent(south, at(createEvent.drop(south, { dataTransfer: transfer }), 3.5 * 88));
    await waitFor(() => expect(calls.map((call) => call.method)).toContain('PATCH'));
    await screen.findByText('Visit moved; the customer is e-mailed');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ crew: 2 });
    const start = new Date((patch?.body as { start: string } | undefined)?.start ?? '');
    expect(start.toLocaleTimeString('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' })).toBe(
      '11:30 AM',
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
  });
});
