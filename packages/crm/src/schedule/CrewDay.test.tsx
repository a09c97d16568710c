import type { AdminVisit } from '@shine/shared/bookings';
import { leadOperations } from '@shine/shared/operations/leads';
import { quoteOperations } from '@shine/shared/operations/quotes';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessDateOf } from '../format/date-time.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeLead, makeLeadDetail } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { ScheduleSection } from './ScheduleSection.tsx';

const lead = makeLead({ firstName: 'Vera', lastName: 'Van', notes: 'Gate code 4411. The dog is friendly.' });

/** Tomorrow in the business's calendar: the visits' windows have not begun. */
const tomorrow = () => businessDateOf(new Date(Date.now() + 86_400_000));

function visitAt(time: string, overrides: Partial<AdminVisit> = {}): AdminVisit {
  const day = tomorrow();
  return {
    id: `5d1e2f3a-4b5c-4d6e-8f70-0000000001${time.slice(0, 2)}`,
    bookingId: '5d1e2f3a-4b5c-4d6e-8f70-000000000100',
    leadId: lead.id,
    leadName: 'Vera Van',
    start: `${day}T${time}:00-06:00`,
    end: `${day}T${time.slice(0, 2)}:59:00-06:00`,
    arrivalEnd: `${day}T${time.slice(0, 2)}:30:00-06:00`,
    status: 'scheduled',
    crew: 2,
    frequency: 'Weekly',
    needsReview: false,
    address: { line1: '9 Birch Road', line2: 'Unit 3', city: 'Allen', zip: '75002' },
    phone: '(972) 555-0188',
    price: '165.00',
    durationMinutes: 59,
    flags: [],
    startedAt: null,
    ...overrides,
  };
}

describe('a crew’s day', () => {
  it('lists the crew’s visits in order with what the crew needs, and starts one', async () => {
    const late = visitAt('14:00');
    const early = visitAt('09:00');
    const other = visitAt('10:00', { crew: 1, leadName: 'Other Crew' });
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, {
        body: { ...DEFAULT_SCHEDULING_SETTINGS, crews: ['North', 'South'] },
      }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [late, other, early] } }),
      ...stubCall(leadOperations.getLead, { body: makeLeadDetail(lead) }),
      ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [] } }),
      ...stubCall(schedulingOperations.updateVisit, ({ body }) => ({
        body: { ...early, startedAt: body.started ? new Date().toISOString() : null },
      })),
    });
    renderWithProviders(<ScheduleSection />, {
      route: `/crm/schedule/crew/2?date=${tomorrow()}`,
      path: '/crm/:section/:page/:item',
    });
    expect(await screen.findByRole('heading', { name: /^South · / })).toBeTruthy();
    const visits = await screen.findAllByRole('article');
    expect(visits.map((visit) => within(visit).getByRole('heading').textContent)).toEqual([
      '9:00 AM–9:30 AM · Vera Van',
      '2:00 PM–2:30 PM · Vera Van',
    ]);
    const first = visits[0] as HTMLElement;
    expect(first.textContent).toContain('9 Birch Road, Unit 3, Allen 75002');
    expect(within(first).getByRole('link', { name: /^Map of 9 Birch Road/ })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Call Vera Van, (972) 555-0188' }).getAttribute('href')).toBe(
      'tel:9725550188',
    );
    expect(await within(first).findByText('Gate code 4411. The dog is friendly.')).toBeTruthy();

    await userEvent.click(within(first).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ started: true }));
    expect(await screen.findByText('Visit started')).toBeTruthy();
  });

  it('asks before Done while the arrival window has not begun, and changes nothing on Cancel', async () => {
    const visit = visitAt('09:00');
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(leadOperations.getLead, { body: makeLeadDetail(lead) }),
      ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [] } }),
    });
    renderWithProviders(<ScheduleSection />, {
      route: `/crm/schedule/crew/2?date=${tomorrow()}`,
      path: '/crm/:section/:page/:item',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Done with Vera Van' }));
    expect(await screen.findByText('This cleaning has not started yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
