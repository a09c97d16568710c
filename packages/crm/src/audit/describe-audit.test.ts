import type { AuditEntry } from '@shine/shared/types';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry } from '../test/audit-fixtures.ts';
import { describeAuditEntry, detailChanges, fieldLabel, formatAuditValue, listChanges } from './describe-audit.ts';

const ana = { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000002', name: 'Ana Ruiz' };

const entry = (overrides: Partial<AuditEntry>) => makeAuditEntry(ana, overrides);

describe('describeAuditEntry', () => {
  it('names who changed the status, from and to', () => {
    expect(
      describeAuditEntry(
        entry({ action: 'status_changed', before: { status: 'New' }, after: { status: 'Contacted' } }),
      ),
    ).toBe('Ana Ruiz changed status New → Contacted');
  });

  it('names the assignee by name, and the product for automatic changes', () => {
    const assigned = entry({
      actor: null,
      action: 'assigned',
      before: { assignedTo: null, assigneeName: null },
      after: { assignedTo: 'b-id', assigneeName: 'Ben', via: 'round_robin' },
    });
    expect(describeAuditEntry(assigned)).toBe('Shine (automatic) assigned to Ben (round robin)');
    expect(detailChanges(assigned)).toEqual([]);
    expect(
      describeAuditEntry(
        entry({ action: 'assigned', before: { assignedTo: 'b', assigneeName: 'Ben' }, after: { assignedTo: null } }),
      ),
    ).toBe('Ana Ruiz unassigned Ben');
  });

  it('lists edited fields with before → after', () => {
    const edited = entry({
      before: { priority: 'Medium', tags: [], nextFollowUpAt: null },
      after: { priority: 'High', tags: ['vip', 'pets'], nextFollowUpAt: null },
    });
    expect(describeAuditEntry(edited)).toBe('Ana Ruiz changed priority, tags');
    expect(detailChanges(edited)).toEqual([
      { field: 'priority', label: 'priority', from: 'Medium', to: 'High' },
      { field: 'tags', label: 'tags', from: '—', to: 'vip, pets' },
    ]);
  });

  it('falls back to the action in words', () => {
    expect(describeAuditEntry(entry({ action: 'repeat_merged' }))).toBe(
      'Ana Ruiz merged a repeat request into this lead',
    );
    expect(describeAuditEntry(entry({ action: 'something_new' }))).toBe('Ana Ruiz something new');
  });
});

describe('people named by id', () => {
  const sam = '0b1c2d3e-4f5a-4b6c-8d7e-000000000003';

  it('reads a settings change by name: "on duty: Sam Rivera", the ids kept in the row', () => {
    const settings = entry({
      entity: 'settings',
      entityId: 'lead-alerts',
      before: { onDuty: [null, null], escalateTo: null },
      after: { onDuty: [null, sam], escalateTo: ana.id },
      names: { [sam]: 'Sam Rivera', [ana.id]: 'Ana Ruiz' },
    });
    expect(detailChanges(settings)).toEqual([
      { field: 'onDuty', label: 'on duty', from: '—, —', to: '—, Sam Rivera' },
      { field: 'escalateTo', label: 'escalate to', from: '—', to: 'Ana Ruiz' },
    ]);
    expect(formatAuditValue(sam)).toBe(sam);
  });

  it('leaves an export’s filter to its subject, and lists the rest', () => {
    const exported = entry({
      entity: 'export',
      action: 'exported',
      after: { format: 'csv', count: 3, filter: { assignedTo: sam } },
      subject: 'Assigned to: Sam Rivera',
      names: { [sam]: 'Sam Rivera' },
    });
    expect(detailChanges(exported).map((change) => change.field)).toEqual(['format', 'count']);
  });
});

describe('values and labels', () => {
  it('reads values a person understands', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(true)).toBe('yes');
    expect(formatAuditValue(250)).toBe('250');
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    // The business's clock, labelled: 15:00 UTC is 9 AM in Dallas.
    expect(formatAuditValue('2025-03-01T15:00:00.000Z')).toBe('Sat, Mar 1, 2025, 9:00 AM CT');
    expect(fieldLabel('nextFollowUpAt')).toBe('next follow-up');
    expect(fieldLabel('someNewField')).toBe('some new field');
  });

  it('shows a creation as fields from nothing', () => {
    expect(listChanges(null, { name: 'Ana', role: 'sales' })).toEqual([
      { field: 'name', label: 'name', from: '—', to: 'Ana' },
      { field: 'role', label: 'role', from: '—', to: 'sales' },
    ]);
  });
});
