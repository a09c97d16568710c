// How to reach a team member: name, e-mail, phone, presence and their own alert settings, for the
// features that message staff (speed-to-lead alerts). The system user is never one of them.
import type { Knex } from 'knex';
import { SYSTEM_USERNAME } from './system-user.service.ts';
import { userNameOf } from './user-names.service.ts';

export interface StaffContactRow {
  id: string;
  name: string;
  username: string;
  phone: string | null;
  disabled_at: Date | null;
  away: boolean;
  away_until: Date | null;
  alert_settings: unknown;
}

/** Whether the person can take a lead now: still on the team, and not away (or back already). */
export function canTakeLeads(row: Pick<StaffContactRow, 'disabled_at' | 'away' | 'away_until'>, now: Date): boolean {
  if (row.disabled_at !== null) return false;
  return !row.away || (row.away_until !== null && new Date(row.away_until).getTime() <= now.getTime());
}

export function findStaffContactRows(db: Knex, ids: string[]): Promise<StaffContactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db('users as u')
    .select(
      'u.id',
      userNameOf(db, 'u.id').as('name'),
      'u.username',
      'u.phone',
      'u.disabled_at',
      'u.away',
      'u.away_until',
      'u.alert_settings',
    )
    .whereIn('u.id', ids)
    .whereNot('u.username', SYSTEM_USERNAME) as unknown as Promise<StaffContactRow[]>;
}
