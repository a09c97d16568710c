import { teamOperations } from '@shine/shared/operations/team';
import type { AuditEntry } from '@shine/shared/types';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry } from '../test/audit-fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { AuditSection } from './AuditSection.tsx';

const sam = { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000003', name: 'Sam Rivera' };
const leadId = '0b1c2d3e-4f5a-4b6c-8d7e-0000000000aa';

const entry = (overrides: Partial<AuditEntry>) => makeAuditEntry(sam, overrides);

const rows = [
  entry({
    id: '3',
    entity: 'lead',
    entityId: leadId,
    leadId,
    action: 'status_changed',
    before: { status: 'New' },
    after: { status: 'Qualified' },
    subject: 'Kevin Reyes',
  }),
  entry({
    id: '2',
    entity: 'settings',
    entityId: 'lead-alerts',
    before: { onDuty: [null, null, null, null, null, null, null] },
    after: { onDuty: [null, sam.id, null, null, null, null, null] },
    subject: 'Speed to lead: on duty and escalation',
    names: { [sam.id]: sam.name },
  }),
  entry({
    id: '1',
    entity: 'export',
    action: 'exported',
    after: { format: 'csv', count: 4, filter: {} },
    subject: 'all leads',
  }),
];

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('AuditSection', () => {
  it('names each row’s subject: the lead as a link to its drawer, people by name, the export’s filter', async () => {
    mockFetch({
      ...signedInAs('admin'),
      ...stubCall(teamOperations.listAudit, { body: { items: rows, total: rows.length, page: 1, pageSize: 50 } }),
      ...stubCall(teamOperations.listUsers, { body: { items: [] } }),
    });
    renderWithProviders(<AuditSection />);

    const link = await screen.findByRole('link', { name: 'Kevin Reyes' });
    expect(link.getAttribute('href')).toBe(`/crm/leads?lead=${leadId}`);
    expect(rowOf('Kevin Reyes').textContent).toContain('Sam Rivera changed status New → Qualified');

    const settings = rowOf('Speed to lead: on duty and escalation');
    expect(settings.textContent).toContain('on duty:');
    expect(settings.textContent).toContain('—, Sam Rivera, —');
    expect(settings.textContent).not.toContain(sam.id);

    const exported = rowOf('all leads');
    expect(exported.textContent).not.toContain('filter');
    expect(within(exported).queryByRole('link')).toBeNull();
  });
});
