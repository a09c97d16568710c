// Audit rows in words, for the lead's history in the drawer and the admins' Audit view. A row's
// before/after hold only the fields that changed, in the API's names (api/src/audit/audit.service.ts).
import type { AuditEntry } from '@shine/shared/types';
import { formatDateTime } from '../format/date-time.ts';
import { AUTOMATIC_ACTOR } from '../format/person.ts';

export interface FieldChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

const FIELD_LABELS: Record<string, string> = {
  assignedTo: 'assigned to',
  estimatedValue: 'estimated value',
  nextFollowUpAt: 'next follow-up',
  lastContactedAt: 'last contacted',
  maxOpenLeads: 'open-lead cap',
  awayUntil: 'away until',
  onDuty: 'on duty',
  isActive: 'active',
  firstName: 'first name',
  lastName: 'last name',
  zipcode: 'zip code',
  cleaningType: 'cleaning type',
  taxRatePercent: 'sales tax rate (%)',
  cancellationFee: 'cancellation fee',
  retryDays: 'card retry days',
  tipsEnabled: 'tips',
};

const ACTION_VERBS: Record<string, string> = {
  created: 'created it',
  updated: 'edited it',
  deleted: 'deleted it',
  disabled: 'disabled the account',
  enabled: 'enabled the account',
  exported: 'exported leads',
  reset: 'made a new set-up link',
  password_set: 'set their password',
  held_released: 'released a held submission into this lead',
  held_discarded: 'discarded a held submission',
  held_address_shown: "looked at a held submission's full address",
  repeat_merged: 'merged a repeat request into this lead',
  details_applied: "applied a repeat request's new details",
  details_kept: "kept the lead's details over a repeat request's",
  request_split: 'split a request off: another person, now a lead of their own',
  split_from: "made this lead from a request split off another person's lead",
  email_unsubscribed: 'recorded that the lead unsubscribed from e-mail',
  sms_opted_out: 'recorded that the number answered STOP to texts',
  sms_opted_in: 'recorded that the number answered START to texts',
  service_address_set: 'set the service address',
  payment_recorded: 'recorded a payment',
  check_returned: 'marked a check returned',
  late_charge_added: 'added a late charge',
  invoices_exported: 'exported invoices',
  tip_recorded: 'recorded a tip for the crew',
  card_saved: 'saved a card on file',
  card_removed: 'removed the card on file',
  payment_refunded: 'refunded a card payment',
};

/** Who made the change: a person, or the product itself (automations, the command line). */
export function actorName(entry: Pick<AuditEntry, 'actor'>): string {
  return entry.actor?.name ?? AUTOMATIC_ACTOR;
}

/** "nextFollowUpAt" → "next follow-up"; an unknown name is split into words. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** People by id, as the API names those a row holds by id (`AuditEntry.names`). */
export type AuditNames = AuditEntry['names'];

/** One audited value as a person reads it; a person's id reads as their name. */
export function formatAuditValue(value: unknown, names: AuditNames = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (Object.hasOwn(names, value)) return names[value] as string;
    return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.length > 0 ? value.map((item) => formatAuditValue(item, names)).join(', ') : '—';
  }
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An assignment names the person as they were called then; show that name, never the id. */
function withNames(side: Record<string, unknown>): Record<string, unknown> {
  const { assigneeName, via: _via, ...rest } = side;
  return 'assigneeName' in side ? { ...rest, assignedTo: assigneeName } : rest;
}

/** "field: old → new" for each field the row changed, in the order the row lists them. */
export function listChanges(before: unknown, after: unknown, names: AuditNames = {}): FieldChange[] {
  const from = withNames(asRecord(before));
  const to = withNames(asRecord(after));
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .map((field) => ({
      field,
      label: fieldLabel(field),
      from: formatAuditValue(from[field], names),
      to: formatAuditValue(to[field], names),
    }))
    .filter((change) => change.from !== change.to);
}

/** One line: "Ana Ruiz changed status New → Contacted", "Shine (automatic) assigned to Ben (round robin)". */
export function describeAuditEntry(entry: Pick<AuditEntry, 'actor' | 'action' | 'before' | 'after'>): string {
  const actor = actorName(entry);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  switch (entry.action) {
    case 'status_changed':
      return `${actor} changed status ${formatAuditValue(before.status)} → ${formatAuditValue(after.status)}`;
    case 'assigned': {
      const roundRobin = after.via === 'round_robin' ? ' (round robin)' : '';
      if (typeof after.assigneeName === 'string' && after.assigneeName) {
        return `${actor} assigned to ${after.assigneeName}${roundRobin}`;
      }
      return typeof before.assigneeName === 'string' && before.assigneeName
        ? `${actor} unassigned ${before.assigneeName}`
        : `${actor} unassigned it`;
    }
    case 'updated': {
      const labels = listChanges(entry.before, entry.after).map((change) => change.label);
      return labels.length > 0 ? `${actor} changed ${labels.join(', ')}` : `${actor} edited it`;
    }
    default:
      return `${actor} ${ACTION_VERBS[entry.action] ?? entry.action.replace(/_/g, ' ')}`;
  }
}

/** What the row's subject already says in words (an export's filter or hand-picked count). */
const SAID_BY_SUBJECT = new Set(['filter', 'selected']);

/**
 * The changes worth listing under the line: a status or assignment line already says it all, and an
 * export's subject says its filter.
 */
export function detailChanges(entry: Pick<AuditEntry, 'action' | 'before' | 'after' | 'names'>): FieldChange[] {
  if (entry.action === 'status_changed' || entry.action === 'assigned') return [];
  const changes = listChanges(entry.before, entry.after, entry.names);
  return entry.action === 'exported' ? changes.filter((change) => !SAID_BY_SUBJECT.has(change.field)) : changes;
}
