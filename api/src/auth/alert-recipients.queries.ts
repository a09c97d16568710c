// The people a staff alert may go to: their phone, e-mail, presence and quiet hours.
import type { Knex } from 'knex';
import { SYSTEM_USERNAME } from './system-user.service.ts';
import { userNameSubquery } from './user-names.queries.ts';

export interface AlertRecipientRow {
  id: string;
  name: string;
  username: string;
  phone: string | null;
  disabled_at: Date | null;
  away: boolean;
  away_until: Date | null;
  alert_settings: unknown;
}

export function findAlertRecipientRows(db: Knex, ids: string[]): Promise<AlertRecipientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db('users as u')
    .select(
      'u.id',
      userNameSubquery(db, 'u.id').as('name'),
      'u.username',
      'u.phone',
      'u.disabled_at',
      'u.away',
      'u.away_until',
      'u.alert_settings',
    )
    .whereIn('u.id', ids)
    .whereNot('u.username', SYSTEM_USERNAME) as unknown as Promise<AlertRecipientRow[]>;
}
