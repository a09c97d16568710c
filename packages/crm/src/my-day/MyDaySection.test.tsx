import { makeActivity, makeLead } from '../test/fixtures.ts';
import { businessClockAfter } from '../format/picker-time.ts';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { callOperations } from '@shine/shared/operations/calls';
import { leadOperations } from '@shine/shared/operations/leads';
import { workdayOperations } from '@shine/shared/operations/workday';
import { MY_DAY_SECTION_KEYS, MY_DAY_SECTION_TITLES } from '@shine/shared/my-day';
import type { MyDay, MyDayItem } from '@shine/shared/responses/my-day';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { MyDaySection } from './MyDaySection.tsx';
import { msUntilNextVisitBegins } from './my-day.hooks.ts';

const LEAD = '5a0c2d3e-4f5a-4b6c-8d7e-000000000001';
const TASK = '5a0c2d3e-4f5a-4b6c-8d7e-000000000002';
const VISIT = '5a0c2d3e-4f5a-4b6c-8d7e-000000000003';
const soon = () => new Date(Date.now() + 10 * 60_000).toISOString();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function dayWith(items: Partial<Record<(typeof MY_DAY_SECTION_KEYS)[number], MyDayItem[]>>): MyDay {
  const sections = MY_DAY_SECTION_KEYS.map((key) => ({
    key,
    title: MY_DAY_SECTION_TITLES[key],
    items: items[key] ?? [],
  }));
  const counts = Object.fromEntries(sections.map((section) => [section.key, section.items.length]));
  return {
    scope: 'me',
    sections,
    counts: { total: sections.reduce((sum, section) => sum + section.items.length, 0), ...counts } as MyDay['counts'],
  };
}

const lead = { leadId: LEAD, leadName: 'Nina Newman', assignee: null };

describe('My Day', () => {
  it('says what to do next when nothing waits', async () => {
    mockFetch({ ...signedInAs('sales'), ...stubCall(workdayOperations.getMyDay, { body: dayWith({}) }) });
    renderWithProviders(<MyDaySection />);
    await screen.findByTestId('my-day-empty');
    expect(screen.getByRole('link', { name: 'My open leads' }).getAttribute('href')).toBe('/crm/leads?assignee=me');
    // Only admins choose whose day it is.
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('lists a stranger’s missed call first, to call back and mark done', async () => {
    const CALL = '5a0c2d3e-4f5a-4b6c-8d7e-000000000009';
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(workdayOperations.getMyDay, {
        body: dayWith({
          callBacks: [
            {
              kind: 'call_back',
              leadId: null,
              leadName: null,
              assignee: null,
              due: ago(1),
              callId: CALL,
              at: ago(6),
              phone: '+12145550177',
              voicemail: false,
            },
          ],
        }),
      }),
      ...stubCall(
        callOperations.markCallCalledBack,
        {
          body: {
            id: CALL,
            from: '+12145550177',
            at: ago(6),
            status: 'missed',
            leadId: null,
            leadName: null,
            durationSeconds: null,
            recordingUrl: null,
            text: { status: 'sent', reason: null },
            calledBackAt: ago(0),
          },
        },
        { params: { id: CALL } },
      ),
    });
    renderWithProviders(<MyDaySection />);
    const section = await screen.findByRole('region', { name: /^Call back/ });
    const item = within(section).getByRole('listitem');
    expect(item.textContent).toContain('Unknown caller +12145550177');
    expect(item.textContent).toContain('call-back target passed');
    expect(within(item).getByRole('link', { name: 'Call back +12145550177' }).getAttribute('href')).toMatch(/^tel:/);
    await userEvent.click(within(item).getByRole('button', { name: 'Mark +12145550177 called back' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        urlFor(callOperations.markCallCalledBack, { params: { id: CALL } }),
      ]),
    );
  });

  it('lists a payment to chase: the invoice, what is owed, when the card is tried again, and a call', async () => {
    mockFetch({
      ...signedInAs('sales'),
      ...stubCall(workdayOperations.getMyDay, {
        body: dayWith({
          payments: [
            {
              kind: 'payment',
              ...lead,
              due: ago(60),
              invoiceId: '5a0c2d3e-4f5a-4b6c-8d7e-00000000000a',
              number: 'INV-000123',
              balance: '173.20',
              reason: 'declined',
              nextTry: null,
              phone: '214-555-0101',
            },
          ],
        }),
      }),
    });
    renderWithProviders(<MyDaySection />);
    const section = await screen.findByRole('region', { name: /^Payments to chase/ });
    const item = within(section).getByRole('listitem');
    expect(item.textContent).toContain('Card declined: INV-000123, $173.20 owed');
    expect(item.textContent).toContain('not tried again: call them');
    expect(within(item).getByRole('link', { name: 'Call Nina Newman' }).getAttribute('href')).toMatch(/^tel:/);
  });

  it('lists each section in order with one-click actions that call the API', async () => {
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(workdayOperations.getMyDay, {
        body: dayWith({
          newLeads: [
            {
              kind: 'new_lead',
              ...lead,
              due: soon(),
              createdAt: ago(5),
              phone: '214-555-0100',
              email: 'n@example.com',
            },
          ],
          tasks: [{ kind: 'task', ...lead, activityId: TASK, text: 'Send the checklist', due: ago(60) }],
        }),
      }),
      ...stubCall(leadOperations.logCall, {
        status: 201,
        body: {
          activity: makeActivity(LEAD, { status: 'completed', outcome: 'no_answer' }),
          lead: makeLead({ id: LEAD }),
        },
      }),
      ...stubCall(
        workdayOperations.updateActivity,
        { body: makeActivity(LEAD, { id: TASK, type: 'task', status: 'completed' }) },
        { params: { id: TASK } },
      ),
    });
    renderWithProviders(<MyDaySection />);
    const newLeads = await screen.findByRole('region', { name: /^New leads to contact/ });
    expect(within(newLeads).getByText(/^Waiting 5 min/)).toBeTruthy();
    expect(within(newLeads).getByRole('link', { name: 'Call Nina Newman' }).getAttribute('href')).toBe(
      'tel:2145550100',
    );
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.replace(/\d+$/, '').trim()),
    ).toEqual(MY_DAY_SECTION_KEYS.map((key) => MY_DAY_SECTION_TITLES[key]));

    await userEvent.click(within(newLeads).getByRole('button', { name: 'Log the call with Nina Newman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log the call with Nina Newman' });
    await userEvent.click(within(dialog).getByText('No answer'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Rang at 10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save call' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(urlFor(leadOperations.logCall, { params: { id: LEAD } }));
    // "No answer" offers tomorrow 9 AM on the business's clock as the next follow-up.
    expect(post?.body).toEqual({
      outcome: 'no_answer',
      note: 'Rang at 10',
      nextFollowUpAt: businessClockAfter(new Date(), 1).toISOString(),
    });

    const tasks = screen.getByRole('region', { name: /^Tasks due/ });
    await userEvent.click(within(tasks).getByRole('button', { name: 'Task Send the checklist (Nina Newman) done' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'completed' });
  });

  it('lets an admin switch to everyone’s day', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(workdayOperations.getMyDay, { body: dayWith({}) }),
    });
    renderWithProviders(<MyDaySection />);
    await screen.findByTestId('my-day-empty');
    await userEvent.click(screen.getByText('Everyone'));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(urlFor(workdayOperations.getMyDay, { query: { scope: 'all' } })),
    );
  });

  it('lists today’s visits, which wait in the list before they count, with a call link and Mark completed', async () => {
    const start = new Date(Date.now() + 2 * 3_600_000);
    // The API writes a visit in the business's wall clock with its offset; this one at 8:30 AM.
    const visit: MyDayItem = {
      kind: 'visit',
      ...lead,
      due: start.toISOString(),
      visitId: VISIT,
      start: '2026-12-01T08:30:00-06:00',
      arrivalEnd: '2026-12-01T10:30:00-06:00',
      end: '2026-12-01T11:00:00-06:00',
      crew: 2,
      crewName: 'Crew 2',
      phone: '214-555-0100',
      zipcode: '75204',
      address: { line1: '4521 Elm Street', line2: 'Apt 4', city: 'Dallas', zip: '75204' },
    };
    // Not begun yet: listed, not counted (the badge's total is 0), and the page is not "empty".
    const day = { ...dayWith({ visits: [visit] }), counts: { ...dayWith({ visits: [visit] }).counts, total: 0 } };
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(workdayOperations.getMyDay, { body: day }),
      ...stubCall(
        schedulingOperations.updateVisit,
        {
          body: {
            id: VISIT,
            bookingId: '5a0c2d3e-4f5a-4b6c-8d7e-000000000004',
            leadId: LEAD,
            leadName: lead.leadName,
            start: visit.start,
            end: visit.end,
            arrivalEnd: visit.arrivalEnd,
            status: 'completed',
            crew: 2,
            frequency: 'One Time',
            needsReview: false,
            address: visit.address,
            phone: visit.phone,
            price: '199.00',
            durationMinutes: 150,
            flags: [],
            startedAt: null,
          },
        },
        { params: { id: VISIT } },
      ),
    });
    renderWithProviders(<MyDaySection />);
    const visits = await screen.findByRole('region', { name: /^Visits today/ });
    expect(screen.queryByTestId('my-day-empty')).toBeNull();
    expect(within(visits).getByText(/Arrives 8:30–10:30 AM/)).toBeTruthy();
    expect(within(visits).getByText(/Crew 2/)).toBeTruthy();
    expect(within(visits).getByText('4521 Elm Street, Apt 4, Dallas, TX 75204')).toBeTruthy();
    const map = within(visits).getByRole('link', { name: /^Map of 4521 Elm Street, Apt 4, Dallas, TX 75204/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=4521%20Elm%20Street%2C%20Apt%204%2C%20Dallas%2C%20TX%2075204',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(visits).getByRole('link', { name: 'Call Nina Newman' }).getAttribute('href')).toBe('tel:2145550100');
    await userEvent.click(within(visits).getByRole('button', { name: 'Mark completed: the visit of Nina Newman' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    // Its window is behind us: no question, no confirmEarly.
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'completed', confirmEarly: false });
  });

  it('asks for the day again when the next visit begins, and not for visits already begun', () => {
    const now = Date.now();
    const visitAt = (at: number): MyDayItem => ({
      kind: 'visit',
      ...lead,
      due: new Date(at).toISOString(),
      visitId: VISIT,
      start: new Date(at).toISOString(),
      arrivalEnd: new Date(at + 7_200_000).toISOString(),
      end: new Date(at + 9_000_000).toISOString(),
      crew: 1,
      crewName: 'Crew 1',
      phone: '214-555-0100',
      zipcode: '75204',
      address: null,
    });
    expect(msUntilNextVisitBegins(dayWith({}), now)).toBe(false);
    expect(msUntilNextVisitBegins(dayWith({ visits: [visitAt(now - 60_000)] }), now)).toBe(false);
    expect(
      msUntilNextVisitBegins(
        dayWith({ visits: [visitAt(now - 60_000), visitAt(now + 600_000), visitAt(now + 900_000)] }),
        now,
      ),
    ).toBe(601_000);
  });
});
