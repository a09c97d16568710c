import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadCardList } from './LeadCardList.tsx';

const paging = { current: 1, pageSize: 20, total: 1, onChange: () => {} };
const selection = { selectedIds: [], onChange: () => {} };

describe('LeadCardList', () => {
  it.each([true, false])(
    'with loading %s: the cards shown, busy and behind the spinner only while loading',
    (loading) => {
      const lead = makeLead({ firstName: 'Cy', lastName: 'Card' });
      renderWithProviders(
        <LeadCardList leads={[lead]} loading={loading} paging={paging} onOpen={() => {}} selection={selection} />,
      );
      const name = screen.getByRole('button', { name: 'Cy Card' });
      expect(screen.getByRole('list', { name: 'Leads' }).getAttribute('aria-busy')).toBe(loading ? 'true' : null);
      expect(name.closest('.ant-spin-spinning') !== null).toBe(loading);
      expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty('disabled', loading);
    },
  );
});
