import type { AdminVisit, Booking, Visit } from '@shine/shared/bookings';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { formatCalendarDate } from '../format/date-time.ts';
import { signedInAs } from '../test/team-fixtures.ts';
import { LeadBooking } from './LeadBooking.tsx';
import { mondayOf, ScheduleSection } from './ScheduleSection.tsx';
import { wallTime } from './wall-time.ts';

const VISIT_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000002';
const LEAD_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000003';

/** A visit on this week's Wednesday at 10:00 (the business's wall clock, with its offset). */
function visitThisWeek(): AdminVisit {
  const wednesday = new Date(mondayOf(new Date()).getTime() + 2 * 86_400_000 + 12 * 3_600_000);
  const day = `${wednesday.getFullYear()}-${String(wednesday.getMonth() + 1).padStart(2, '0')}-${String(wednesday.getDate()).padStart(2, '0')}`;
  return {
    id: VISIT_ID,
    bookingId: '5d1e2f3a-4b5c-4d6e-8f70-000000000004',
    leadId: LEAD_ID,
    leadName: 'Ann Lee',
    start: `${day}T10:00:00-06:00`,
    end: `${day}T15:00:00-06:00`,
    arrivalEnd: `${day}T12:00:00-06:00`,
    status: 'scheduled' as const,
    crew: 2,
    frequency: 'Biweekly' as const,
    needsReview: false,
    address: { line1: '4521 Elm Street', line2: null, city: 'Plano', zip: '75024' },
    phone: '(214) 555-0100',
    price: '402.15',
    durationMinutes: 300,
    flags: [],
    startedAt: null,
  };
}

const HOUR = 3_600_000;

/** The visit as its booking lists it. */
const inBooking = ({ id, start, end, arrivalEnd, status, crew, needsReview }: AdminVisit): Visit => ({
  id,
  start,
  end,
  arrivalEnd,
  status,
  crew,
  needsReview,
});

describe('ScheduleSection', () => {
  // Only Date is faked (timers stay real for the user events): each test sets it beside its visit.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the week by crew, and marks a visit completed from its dialog', async () => {
    const visit = visitThisWeek();
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, {
        body: { ...DEFAULT_SCHEDULING_SETTINGS, crews: ['North', 'South'] },
      }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(
        schedulingOperations.updateVisit,
        ({ body }) => ({ body: { ...visit, status: body.status ?? visit.status } }),
        {
          params: { id: VISIT_ID },
        },
      ),
    });
    renderWithProviders(<ScheduleSection />);
    const button = await screen.findByRole('button', { name: /10:00 AM Ann Lee/ });
    const row = screen.getByRole('row', { name: /South/ });
    expect(within(row).getByRole('button', { name: /Ann Lee/ })).toBe(button);
    expect(within(screen.getByRole('row', { name: /North/ })).queryByRole('button')).toBeNull();
    // The card names the street and city, and links the whole address to a map in a new tab.
    expect(button.textContent).toContain('4521 Elm Street, Plano');
    const map = within(row).getByRole('link', { name: /^Map of 4521 Elm Street, Plano, TX 75024/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=4521%20Elm%20Street%2C%20Plano%2C%20TX%2075024',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    const user = userEvent.setup();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Ann Lee' });
    // The dialog: the address with its map, the phone to call, the price and how long it takes.
    expect(within(dialog).getByText('4521 Elm Street, Plano, TX 75024')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /^Map of/ })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '(214) 555-0100' }).getAttribute('href')).toBe('tel:2145550100');
    expect(within(dialog).getByText('$402.15')).toBeTruthy();
    expect(within(dialog).getByText('5 h')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open Ann Lee' }).getAttribute('href')).toContain(
      `lead=${LEAD_ID}`,
    );
    // An hour into its arrival window: completed at once, without a question.
    vi.setSystemTime(Date.parse(visit.start) + HOUR);
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await screen.findByText('Visit completed');
    expect(screen.queryByText('This cleaning has not started yet')).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { status: 'completed', confirmEarly: false },
    ]);
    const visitsRead = calls.find(
      (c) => c.method === 'GET' && c.url.startsWith(urlFor(schedulingOperations.listVisits)),
    );
    expect(visitsRead?.url).toMatch(/from=.*&to=/);
  });

  it('asks before marking completed a visit whose window has not started, and sends confirmEarly only then', async () => {
    const visit = visitThisWeek();
    vi.setSystemTime(Date.parse(visit.start) - HOUR);
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(
        schedulingOperations.updateVisit,
        ({ body }) => ({ body: { ...visit, status: body.status ?? visit.status } }),
        {
          params: { id: VISIT_ID },
        },
      ),
    });
    renderWithProviders(<ScheduleSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /10:00 AM Ann Lee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ann Lee' });
    const complete = within(dialog).getByRole('button', { name: 'Mark completed' });
    await user.click(complete);
    const question = await screen.findByRole('tooltip');
    expect(question.textContent).toContain('This cleaning has not started yet');
    expect(question.textContent).toContain('Ann Lee’s arrival window starts');
    expect(question.textContent).toContain('10:00 AM CT');
    // Cancel sends nothing (focus is checked in a real browser: tests/crm/schedule.spec.ts).
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.click(complete);
    await user.click(await screen.findByRole('button', { name: 'Mark completed early' }));
    await screen.findByText('Visit completed');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { status: 'completed', confirmEarly: true },
    ]);
  });

  it('asks when the server says the window has not started (its clock ahead of this one)', async () => {
    const visit = visitThisWeek();
    vi.setSystemTime(Date.parse(visit.start) + HOUR);
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(
        schedulingOperations.updateVisit,
        (call) =>
          call.body.confirmEarly
            ? { body: { ...visit, status: 'completed' as const } }
            : { status: 409, body: { message: BOOKING_MESSAGES.visitNotBegun } },
        { params: { id: VISIT_ID } },
      ),
    });
    renderWithProviders(<ScheduleSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /10:00 AM Ann Lee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ann Lee' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await user.click(await screen.findByRole('button', { name: 'Mark completed early' }));
    await screen.findByText('Visit completed');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { status: 'completed', confirmEarly: false },
      { status: 'completed', confirmEarly: true },
    ]);
  });

  it('skips one visit of a series from its dialog, and shows a flagged visit’s flag on its card', async () => {
    const visit = { ...visitThisWeek(), flags: ['moved_closed_day' as const] };
    vi.setSystemTime(Date.parse(visit.start) - HOUR);
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
      ...stubCall(
        schedulingOperations.updateVisit,
        ({ body }) => ({ body: { ...visit, status: body.status ?? visit.status } }),
        { params: { id: VISIT_ID } },
      ),
    });
    renderWithProviders(<ScheduleSection />);
    const user = userEvent.setup();
    const card = await screen.findByRole('button', { name: /10:00 AM Ann Lee/ });
    expect(within(card).getByText('Moved: closed day')).toBeTruthy();
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Ann Lee' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip this visit' }));
    await screen.findByText('Visit skipped; the customer is e-mailed');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'skipped' }]);
  });

  it('offers no Skip for a one-time visit or one already begun', async () => {
    const visit = { ...visitThisWeek(), frequency: 'One Time' as const };
    vi.setSystemTime(Date.parse(visit.start) - HOUR);
    mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
      ...stubCall(schedulingOperations.listVisits, { body: { items: [visit] } }),
    });
    renderWithProviders(<ScheduleSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /10:00 AM Ann Lee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ann Lee' });
    expect(within(dialog).getByRole('button', { name: 'Mark cancelled' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Skip this visit' })).toBeNull();
  });

  it('reads the business’s wall clock from the visit’s own offset', () => {
    expect(wallTime('2026-12-01T08:00:00-06:00')).toBe('8:00 AM');
    expect(wallTime('2026-12-01T14:30:00-06:00')).toBe('2:30 PM');
    expect(wallTime('2026-12-01T12:00:00-06:00')).toBe('12:00 PM');
  });
});

describe('LeadBooking', () => {
  it('shows the lead’s booking: both prices and the next visits with their windows', async () => {
    const visit = visitThisWeek();
    mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getSchedulingSettings, {
        body: { ...DEFAULT_SCHEDULING_SETTINGS, crews: ['North', 'South'] },
      }),
      ...stubCall(
        schedulingOperations.getLeadBooking,
        {
          body: {
            booking: {
              id: visit.bookingId,
              leadId: LEAD_ID,
              quoteId: null,
              frequency: 'Biweekly',
              status: 'active',
              durationMinutes: 300,
              firstVisitTotal: '311.90',
              perVisitTotal: '351.90',
              visits: [{ ...inBooking(visit), needsReview: true }],
              createdAt: '2026-11-20T15:00:00.000Z',
            },
          },
        },
        { params: { id: LEAD_ID } },
      ),
    });
    renderWithProviders(<LeadBooking leadId={LEAD_ID} />);
    expect(await screen.findByText(/first visit \$311\.90, then \$351\.90 a visit/)).toBeTruthy();
    // The date as the Schedule writes it, the time zone named, the crew by its name.
    expect(
      await screen.findByText(
        new RegExp(`^${formatCalendarDate(visit.start.slice(0, 10))}, arrival 10:00 AM – 12:00 PM CT, South`),
      ),
    ).toBeTruthy();
    expect(screen.getByText('Check window')).toBeTruthy();
  });

  it('cancels the booking after a confirmation, and says the customer is e-mailed', async () => {
    const visit = visitThisWeek();
    const booking: Booking = {
      id: visit.bookingId,
      leadId: LEAD_ID,
      quoteId: null,
      frequency: 'Biweekly',
      status: 'active',
      durationMinutes: 300,
      firstVisitTotal: null,
      perVisitTotal: null,
      visits: [inBooking(visit)],
      createdAt: '2026-11-20T15:00:00.000Z',
    };
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(schedulingOperations.getLeadBooking, { body: { booking } }, { params: { id: LEAD_ID } }),
      ...stubCall(
        schedulingOperations.cancelLeadBooking,
        {
          body: {
            booking: { ...booking, status: 'cancelled', visits: [{ ...inBooking(visit), status: 'cancelled' }] },
          },
        },
        { params: { id: LEAD_ID } },
      ),
    });
    renderWithProviders(<LeadBooking leadId={LEAD_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    // Nothing is cancelled until the confirmation; the safe choice has the focus.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const keep = await screen.findByRole('button', { name: 'Keep it' });
    expect(document.activeElement).toBe(keep);
    const confirm = screen
      .getAllByRole('button', { name: 'Cancel booking' })
      .find((b) => b !== keep && b.closest('.ant-popover'));
    if (!confirm) throw new Error('no confirmation');
    await user.click(confirm);
    await screen.findByText('Booking cancelled; the customer is e-mailed');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      urlFor(schedulingOperations.getLeadBooking, { params: { id: LEAD_ID } }),
    ]);
  });
});
