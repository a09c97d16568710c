// How many open leads each person holds, for the Team section. app.ts hands this to auth, which may
// not import leads (leads already imports auth).
import type { Knex } from 'knex';
import { countOpenLeadsByAssignee } from './open-leads.queries.ts';

/** Open (not Won or Lost) leads per assignee id; people with none are absent. */
export function openLeadCountsByAssignee(db: Knex): Promise<Map<string, number>> {
  return countOpenLeadsByAssignee(db);
}
