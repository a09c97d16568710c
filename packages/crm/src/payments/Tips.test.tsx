import { tipOperations } from '@shine/shared/operations/tips';
import type { Tip, TipList } from '@shine/shared/tips';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RecordTipForm } from './RecordTipForm.tsx';
import { thisMonth, TipsPanel } from './TipsPanel.tsx';

const VISIT = '55555555-5555-4555-8555-555555555555';

const tip = (overrides: Partial<Tip> = {}): Tip => ({
  id: '66666666-6666-4666-8666-666666666666',
  visitId: VISIT,
  invoiceNumber: 'INV-000123',
  leadId: '11111111-1111-4111-8111-111111111111',
  leadName: 'Ann Lee',
  crew: 1,
  crewName: 'Crew 1',
  method: 'cash',
  amount: '20.00',
  reference: null,
  at: '2026-12-02T18:00:00.000Z',
  ...overrides,
});

describe('Tips', () => {
  it('lists this month’s tips for payroll: each crew’s total, then every tip', async () => {
    const list: TipList = {
      ...thisMonth(),
      items: [
        tip(),
        tip({
          id: '77777777-7777-4777-8777-777777777777',
          crew: 2,
          crewName: 'Crew 2',
          method: 'check',
          reference: '2001',
          amount: '15.50',
        }),
      ],
      byCrew: [
        { crewName: 'Crew 1', tips: 1, total: '20.00' },
        { crewName: 'Crew 2', tips: 1, total: '15.50' },
      ],
      total: '35.50',
    };
    const { calls } = mockFetch(stubCall(tipOperations.listTips, { body: list }));
    renderWithProviders(<TipsPanel />);
    const byCrew = await screen.findByRole('table', { name: 'Tips by crew' });
    expect(within(byCrew).getByRole('row', { name: /Crew 2/ }).textContent).toContain('$15.50');
    expect(screen.getByTestId('tips-total').textContent).toBe('$35.50');
    expect(within(screen.getByRole('table', { name: 'Every tip' })).getByText('Check 2001')).toBeTruthy();
    const from = dayjs().startOf('month').format('YYYY-MM-DD');
    expect(calls.map((call) => call.url)).toContain(
      urlFor(tipOperations.listTips, { query: { from, to: dayjs().format('YYYY-MM-DD') } }),
    );
  });

  it('records a check tip for the visit’s crew, refusing a bad amount before sending', async () => {
    const { calls } = mockFetch(
      stubCall(tipOperations.recordVisitTip, ({ body }) => ({
        status: 201 as const,
        body: { tip: tip({ method: body.method, amount: '15.50', reference: body.reference ?? null }) },
      })),
    );
    renderWithProviders(<RecordTipForm visitId={VISIT} />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('Record a tip for the crew'));
    await user.click(screen.getByRole('radio', { name: 'Check' }));
    await user.type(screen.getByLabelText('Tip ($)'), '15.505');
    await user.type(screen.getByLabelText('Tip check number'), '2001');
    await user.click(screen.getByRole('button', { name: 'Record tip' }));
    expect(await screen.findByText('Use an amount in dollars like 25 or 25.50, more than zero')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Tip ($)'));
    await user.type(screen.getByLabelText('Tip ($)'), '15.50');
    await user.click(screen.getByRole('button', { name: 'Record tip' }));
    expect(await screen.findByText('Tip of $15.50 recorded for Crew 1')).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.url).toBe(urlFor(tipOperations.recordVisitTip, { params: { id: VISIT } }));
    expect(posted?.body).toEqual({ method: 'check', amount: '15.50', reference: '2001' });
  });
});
