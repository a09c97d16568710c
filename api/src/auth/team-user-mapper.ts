import type { Assignee, TeamUser } from '@shine/shared/types';
import type { UserRow } from '../db/tables.ts';

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface TeamUserExtras {
  openLeads: number;
  setupExpiresAt: Date | undefined;
}

export function toTeamUser(row: UserRow, extras: TeamUserExtras): TeamUser {
  return {
    id: row.id,
    name: row.name,
    email: row.username,
    role: row.role,
    phone: row.phone,
    disabled: row.disabled_at !== null,
    away: row.away,
    awayUntil: iso(row.away_until),
    maxOpenLeads: row.max_open_leads,
    openLeads: extras.openLeads,
    hasPassword: row.password_hash !== null,
    setupExpiresAt: iso(extras.setupExpiresAt ?? null),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function toAssignee(row: UserRow): Assignee {
  return { id: row.id, name: row.name, role: row.role, away: row.away, awayUntil: iso(row.away_until) };
}

/** What an audit row keeps of a person (camelCase API names; the password never). */
export function auditedFieldsOf(row: UserRow): Record<string, unknown> {
  return {
    name: row.name,
    email: row.username,
    role: row.role,
    phone: row.phone,
    away: row.away,
    awayUntil: iso(row.away_until),
    maxOpenLeads: row.max_open_leads,
  };
}
