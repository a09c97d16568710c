import { automationOperations } from '@shine/shared/operations/automations';
import { leadOperations } from '@shine/shared/operations/leads';
import type { LeadDetail } from '@shine/shared/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { makeLead, makeLeadDetail, makeLeadRequest } from '../test/fixtures.ts';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';
import { mergeLeadIntoCache } from './leads.hooks.ts';
import { joinWords } from './lead-requests.ts';

/** A lead whose repeat request came from the same phone, typed another way, under another name and e-mail. */
function leadWithDifferingRepeat(): LeadDetail {
  const lead = makeLead({
    firstName: 'Olga',
    lastName: 'Original',
    email: 'olga@example.com',
    phone: '(214) 555-0142',
    repeatCount: 1,
    lastRepeatAt: '2026-11-18T15:00:00.000Z',
  });
  const first = makeLeadRequest(lead, { receivedAt: '2026-11-10T15:00:00.000Z' });
  const repeat = makeLeadRequest(lead, {
    receivedAt: '2026-11-18T15:00:00.000Z',
    firstName: 'Kim',
    lastName: 'Other',
    email: 'kim@other.example',
    phone: '214.555.0142',
    cleaningType: 'Basic',
    notes: 'Second floor only',
    releasedFromRule: 'too_fast',
  });
  return { ...makeLeadDetail(lead, [first, repeat]), detailsDifferRequestId: repeat.id };
}

function renderDrawer(detail: LeadDetail, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    ...stubCall(leadOperations.getLead, { body: detail }, { params: { id: detail.id } }),
    ...stubCall(leadOperations.listLeadActivities, { body: [] }, { params: { leadId: detail.id } }),
    ...stubCall(automationOperations.listLeadRuns, { body: [] }, { params: { id: detail.id } }),
    ...stubCall(automationOperations.listLeadOutbox, { body: [] }, { params: { id: detail.id } }),
    ...routes,
  });
  const rendered = renderWithProviders(<LeadDrawer leadId={detail.id} onClose={() => {}} onOpenLead={() => {}} />);
  return { ...fetch, ...rendered };
}

describe('joinWords', () => {
  it('lists words as a sentence does', () => {
    expect(joinWords(['name'])).toBe('name');
    expect(joinWords(['name', 'phone'])).toBe('name and phone');
    expect(joinWords(['name', 'e-mail', 'phone'])).toBe('name, e-mail and phone');
  });
});

describe('lead drawer: Requests', () => {
  it('lists every request side by side, oldest first, marking what differs from the lead and releases from hold', async () => {
    const detail = leadWithDifferingRepeat();
    renderDrawer(detail);
    const section = await screen.findByRole('region', { name: 'Requests' });
    const table = within(section).getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[0]?.textContent).toMatch(/^First request/);
    expect(headers[1]?.textContent).toMatch(
      /^Repeat 1.*released from hold \(Sent too fast\)This is a different person$/,
    );

    const rowText = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')?.textContent;
    expect(rowText('Name')).toBe('NameOlga OriginalKim Other differs');
    expect(rowText('E-mail')).toBe('E-mailolga@example.comkim@other.example differs');
    // Same digits: not a difference.
    expect(rowText('Phone')).toBe('Phone(214) 555-0142214.555.0142');
    // The service asked for is compared too: the lead keeps its own until staff apply the request's.
    expect(rowText('Cleaning')).toBe('CleaningDeep, WeeklyBasic, Weekly differs');
    expect(rowText('Notes')).toBe('Notes—Second floor only');
    expect(within(table).getAllByText('differs')).toHaveLength(3);
  });

  it('"Details differ" names what differs; Apply new details posts, updates the drawer and refreshes the lists', async () => {
    const detail = leadWithDifferingRepeat();
    const repeat = detail.requests[1];
    if (!repeat) throw new Error('fixture');
    const applied: LeadDetail = {
      ...detail,
      firstName: 'Kim',
      lastName: 'Other',
      email: 'kim@other.example',
      phone: '214.555.0142',
      cleaningType: 'Basic',
      detailsDifferRequestId: null,
    };
    const { calls, queryClient } = renderDrawer(detail, {
      ...stubCall(
        leadOperations.applyRequestDetails,
        { body: applied },
        { params: { id: detail.id, requestId: repeat.id } },
      ),
    });
    const section = await screen.findByRole('region', { name: 'Requests' });
    const alert = within(section).getByRole('note');
    expect(alert.textContent).toContain('Details differ');
    expect(alert.textContent).toContain('gives another name, e-mail and cleaning type');
    expect(alert.textContent).toContain('name: Kim Other (now Olga Original)');
    expect(alert.textContent).toContain('cleaning type: Basic (now Deep)');
    queryClient.setQueryData([urlFor(leadOperations.listLeads), { page: 1 }], { seeded: true });

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Apply new details' }));

    await screen.findByText('Lead details updated');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(
      urlFor(leadOperations.applyRequestDetails, { params: { id: detail.id, requestId: repeat.id } }),
    );
    expect(queryClient.getQueryData<LeadDetail>([urlFor(leadOperations.listLeads), detail.id])?.firstName).toBe('Kim');
    expect(queryClient.getQueryState([urlFor(leadOperations.listLeads), { page: 1 }])?.isInvalidated).toBe(true);
    // The timeline shows the decision: its activities are read again.
    const timelineReads = () =>
      calls.filter((call) => call.url === urlFor(leadOperations.listLeadActivities, { params: { leadId: detail.id } }))
        .length;
    await waitFor(() => expect(timelineReads()).toBe(2));
    await screen.findByRole('dialog', { name: 'Kim Other' });
    await waitFor(() => expect(screen.queryByText('Details differ')).toBeNull());
    // The first request now differs from the applied details.
    expect(within(screen.getByRole('region', { name: 'Requests' })).getAllByText('differs')).toHaveLength(3);
  });

  it('Keep current details posts dismiss and clears the flag', async () => {
    const detail = leadWithDifferingRepeat();
    const repeat = detail.requests[1];
    if (!repeat) throw new Error('fixture');
    const { calls } = renderDrawer(detail, {
      ...stubCall(
        leadOperations.dismissRequestDetails,
        {
          body: { ...detail, detailsDifferRequestId: null },
        },
        { params: { id: detail.id, requestId: repeat.id } },
      ),
    });
    const section = await screen.findByRole('region', { name: 'Requests' });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Keep current details' }));
    await screen.findByText('Lead details kept');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith(`/requests/${repeat.id}/dismiss`))).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByText('Details differ')).toBeNull());
    screen.getByRole('dialog', { name: 'Olga Original' });
  });

  it('"This is a different person" asks first, then splits the request into a lead of its own and opens it', async () => {
    const detail = leadWithDifferingRepeat();
    const repeat = detail.requests[1];
    if (!repeat) throw new Error('fixture');
    const kim = makeLead({ firstName: 'Kim', lastName: 'Other', email: 'kim@other.example', phone: '214.555.0142' });
    const splitOff = makeLeadDetail(kim, [repeat]);
    const opened: string[] = [];
    const fetch = mockFetch({
      ...stubCall(leadOperations.getLead, { body: detail }, { params: { id: detail.id } }),
      ...stubCall(leadOperations.listLeadActivities, { body: [] }, { params: { leadId: detail.id } }),
      ...stubCall(automationOperations.listLeadRuns, { body: [] }, { params: { id: detail.id } }),
      ...stubCall(automationOperations.listLeadOutbox, { body: [] }, { params: { id: detail.id } }),
      ...stubCall(
        leadOperations.splitRequest,
        { status: 201, body: splitOff },
        { params: { id: detail.id, requestId: repeat.id } },
      ),
    });
    const { queryClient } = renderWithProviders(
      <LeadDrawer leadId={detail.id} onClose={() => {}} onOpenLead={(id) => opened.push(id)} />,
    );
    const section = await screen.findByRole('region', { name: 'Requests' });
    // Only a repeat can be another person: the first request is the lead itself.
    const buttons = within(section).getAllByRole('button', { name: 'This is a different person' });
    expect(buttons).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(buttons[0] as HTMLElement);
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Split into a new lead' }));

    await screen.findByText('Split into a lead of its own');
    const post = fetch.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(urlFor(leadOperations.splitRequest, { params: { id: detail.id, requestId: repeat.id } }));
    expect(opened).toEqual([kim.id]);
    expect(queryClient.getQueryData<LeadDetail>([urlFor(leadOperations.listLeads), kim.id])?.firstName).toBe('Kim');
    // The original lead is read again: the request left it.
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.url === urlFor(leadOperations.getLead, { params: { id: detail.id } })).length,
      ).toBeGreaterThan(1),
    );
  });

  it('keeps the requests when a drawer edit answers a plain lead', () => {
    const detail = leadWithDifferingRepeat();
    const { requests: _requests, ...plain } = detail;
    const queryClient = createQueryClient();
    queryClient.setQueryData([urlFor(leadOperations.listLeads), detail.id], detail);
    mergeLeadIntoCache(queryClient, { ...plain, priority: 'High' });
    const cached = queryClient.getQueryData<LeadDetail>([urlFor(leadOperations.listLeads), detail.id]);
    expect(cached?.priority).toBe('High');
    expect(cached?.requests).toHaveLength(2);
  });
});
