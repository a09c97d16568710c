import type { AuditEntry, Person } from '@shine/shared/types';

/** An audit row by `actor`: an edit of no lead in particular unless `overrides` say otherwise. */
export function makeAuditEntry(actor: Person | null, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '1',
    at: '2025-03-01T15:00:00.000Z',
    actor,
    entity: 'lead',
    entityId: null,
    leadId: null,
    action: 'updated',
    before: null,
    after: null,
    subject: null,
    names: {},
    ...overrides,
  };
}
