import { leadOperations } from '@shine/shared/operations/leads';
import { estimateQuote } from '@shine/shared/pricing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead, makeLeadDetail, makeLeadPage } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadIntakeDetails } from './LeadIntakeDetails.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import { LeadsTable } from './LeadsTable.tsx';

const now = new Date('2026-11-18T16:00:00.000Z');
const params = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

describe('lead intake flags', () => {
  it('flags a repeat request and a lead not contacted in time in the lead table', () => {
    const repeat = makeLead({ firstName: 'Rey', repeatCount: 2, lastRepeatAt: '2026-11-18T15:00:00.000Z' });
    const late = makeLead({ firstName: 'Lia', contactDueAt: '2000-01-01T00:00:00.000Z' });
    const fine = makeLead({ firstName: 'Fay', contactDueAt: '2999-01-01T00:00:00.000Z' });
    renderWithProviders(
      <LeadsTable
        data={makeLeadPage([repeat, late, fine])}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText('Repeat request ×2').closest('tr')?.textContent).toContain('Rey');
    expect(screen.getByText('Not contacted').closest('tr')?.textContent).toContain('Lia');
    expect(screen.getAllByText(/Repeat request|Not contacted/)).toHaveLength(2);
  });

  it('links a lead to the other person of its phone: "Same phone as …" opens that lead, not the row’s', () => {
    const kevin = makeLead({ firstName: 'Kevin', lastName: 'Reyes' });
    const maria = makeLead({
      firstName: 'Maria',
      lastName: 'Gonzalez',
      samePhoneLeads: [{ id: kevin.id, name: 'Kevin Reyes' }],
    });
    const opened: string[] = [];
    renderWithProviders(
      <LeadsTable
        data={makeLeadPage([maria, { ...kevin, samePhoneLeads: [{ id: maria.id, name: 'Maria Gonzalez' }] }])}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={(id) => opened.push(id)}
      />,
    );
    const link = screen.getByRole('button', { name: 'Same phone as Kevin Reyes' });
    expect(link.closest('tr')?.textContent).toContain('Maria Gonzalez');
    fireEvent.click(link);
    expect(opened).toEqual([kevin.id]);
    expect(screen.getByRole('button', { name: 'Same phone as Maria Gonzalez' }).closest('tr')?.textContent).toContain(
      'Kevin Reyes',
    );
  });

  it('does not flag a contacted, closed or not yet due lead', () => {
    const due = '2026-11-18T15:00:00.000Z';
    for (const lead of [
      makeLead({ contactDueAt: due, firstContactedAt: '2026-11-18T14:50:00.000Z' }),
      makeLead({ contactDueAt: due, status: 'Won' }),
      makeLead({ contactDueAt: '2026-11-18T16:05:00.000Z' }),
    ]) {
      const { container, unmount } = renderWithProviders(<LeadIntakeFlags lead={lead} now={now} />);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});

describe('lead intake flags: details differ and repeats today', () => {
  it('flags "Details differ" while a repeat request with other details waits for a decision', () => {
    const lead = makeLead({ repeatCount: 1, lastRepeatAt: '2026-11-10T15:00:00.000Z', detailsDifferRequestId: 'r2' });
    const { container } = renderWithProviders(<LeadIntakeFlags lead={lead} now={now} />);
    screen.getByText('Details differ');
    expect(container.textContent).toBe('Details differRepeat request ×1');
  });

  it('says "Repeat request ×N", with "— today" when the latest repeat came in today in Dallas', () => {
    const cases: Array<[string, string]> = [
      // 9:30 AM in Chicago, the morning of `now` (10 AM Chicago).
      ['2026-11-18T15:30:00.000Z', 'Repeat request ×3 — today'],
      // 11 PM in Chicago the evening before: the same UTC date, but yesterday for the business.
      ['2026-11-18T05:00:00.000Z', 'Repeat request ×3'],
    ];
    for (const [lastRepeatAt, text] of cases) {
      const lead = makeLead({ repeatCount: 3, lastRepeatAt });
      const { container, unmount } = renderWithProviders(<LeadIntakeFlags lead={lead} now={now} />);
      expect(container.textContent).toBe(text);
      unmount();
    }
  });
});

describe('LeadIntakeDetails (lead drawer)', () => {
  it('shows the estimate, the campaign, referrer, landing page, repeats and speed to lead', () => {
    const estimate = estimateQuote({ bedrooms: '3', bathrooms: '2', cleaningType: 'Basic', frequency: 'Biweekly' });
    const lead = makeLead({
      estimate,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      referrerHost: 'www.google.com',
      landingPage: '/services',
      repeatCount: 1,
      lastRepeatAt: '2026-11-18T15:00:00.000Z',
      speedToLeadMinutes: 75,
      firstContactedAt: '2026-11-18T15:30:00.000Z',
    });
    renderWithProviders(<LeadIntakeDetails lead={lead} now={now} />);
    if (estimate.kind !== 'estimate') throw new Error('priced');
    screen.getByText(new RegExp(`Estimated \\$${estimate.low}–\\$${estimate.high} per visit`));
    screen.getByText('google / cpc / spring');
    screen.getByText('www.google.com');
    screen.getByText('/services');
    screen.getByText(/^1 · last/);
    screen.getByText(/1 h 15 min \(business hours\)/);
  });

  it('says when a walkthrough is needed and when first contact is overdue', () => {
    const lead = makeLead({
      estimate: estimateQuote({ bedrooms: '5+', bathrooms: '2', cleaningType: 'Move In/Out', frequency: 'One Time' }),
      contactDueAt: '2026-11-18T15:00:00.000Z',
    });
    renderWithProviders(<LeadIntakeDetails lead={lead} now={now} />);
    screen.getByText(/Walkthrough needed/);
    screen.getByText(/Not contacted · was due/);
  });

  it('names the closed lead a repeat request follows and opens it', async () => {
    const earlier = makeLead({ firstName: 'Old', lastName: 'Client', status: 'Won' });
    const lead = makeLead({ previousLeadId: earlier.id });
    mockFetch({
      ...stubCall(leadOperations.getLead, { body: makeLeadDetail(earlier) }, { params: { id: earlier.id } }),
    });
    const opened: string[] = [];
    renderWithProviders(<LeadIntakeDetails lead={lead} now={now} onOpenLead={(id) => opened.push(id)} />);
    const link = await screen.findByRole('button', { name: /^Old Client · Won · created / });
    link.click();
    expect(opened).toEqual([earlier.id]);
  });
});
