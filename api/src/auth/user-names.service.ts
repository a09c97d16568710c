// Names of people for other features' answers (a lead's assignee, an activity's author, an audit
// row's actor): the users table stays the auth feature's, others compose this subquery into their SQL.
import type { Knex } from 'knex';
import { userNameSubquery } from './user-names.queries.ts';

export { SYSTEM_USER_NAME } from './user-names.queries.ts';

/** For another feature's query: the display name of the user whose id is the SQL expression `userId`. */
export function userNameOf(db: Knex, userId: string): Knex.QueryBuilder {
  return userNameSubquery(db, userId);
}
