// Change counters per table (bumped by triggers, see the data_versions migration): the cheap input
// of the polled reads' ETags.
import type { Knex } from 'knex';

export type VersionedTable = 'leads' | 'activities' | 'automations' | 'templates' | 'users';

export async function readDataVersions<T extends VersionedTable>(db: Knex, tables: T[]): Promise<Record<T, string>> {
  const rows = await db('data_versions').whereIn('name', tables).select('name', 'version');
  const versions = Object.fromEntries(tables.map((table) => [table, '0'])) as Record<T, string>;
  for (const row of rows) versions[row.name as T] = String(row.version);
  return versions;
}
