// Names of people for other features' answers (a lead's assignee, an activity's author, an audit
// row's actor): the users table stays the auth feature's, others compose this subquery into their SQL.
import type { Knex } from 'knex';
import { SYSTEM_USERNAME } from './system-user.service.ts';

/** How the product's own entries are signed: the system user's name wherever a person is shown. */
export const SYSTEM_USER_NAME = 'Shine (automatic)';

/**
 * The display name of the user whose id is the SQL expression `userId`, as a scalar subquery (null
 * when the id is null or names nobody). A user made before names existed (the CLI, the first admin)
 * may have an empty name: the part of the e-mail before the @ stands in, as the team migration did.
 */
export function userNameOf(db: Knex, userId: string): Knex.QueryBuilder {
  return db('users as named_user')
    .select(
      db.raw(
        `case when named_user.username = ? then ?
              else coalesce(nullif(named_user.name, ''), split_part(named_user.username, '@', 1)) end`,
        [SYSTEM_USERNAME, SYSTEM_USER_NAME],
      ),
    )
    .whereRaw(`named_user.id = ${userId}`);
}
