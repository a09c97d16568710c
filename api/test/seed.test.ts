// `pnpm seed` (api/src/cli/seed.ts) on PGlite and PostgreSQL: it leaves the tables it loaded as
// autovacuum would, vacuumed (pages marked all-visible, so the sort indexes' walks are index-only
// from the first read) and analysed (the planner knows their size).
import { expect, it } from 'vitest';
import { seedDatabase } from '../src/cli/seed.ts';
import { describeApi, useTestApp } from './support/test-app.ts';

const LOADED_TABLES = ['leads', 'activities', 'lead_requests'];

describeApi('pnpm seed', () => {
  const t = useTestApp();

  /** Manual VACUUM and ANALYZE runs of each loaded table so far (autovacuum's are counted apart). */
  async function maintenanceCounts(): Promise<Record<string, { vacuums: number; analyses: number }>> {
    const { rows } = (await t.db.raw(
      `select relname, vacuum_count::int as vacuums, analyze_count::int as analyses
         from pg_stat_user_tables
        where relid = any (array[${LOADED_TABLES.map(() => '?::regclass').join(', ')}])`,
      LOADED_TABLES,
    )) as { rows: Array<{ relname: string; vacuums: number; analyses: number }> };
    return Object.fromEntries(rows.map(({ relname, vacuums, analyses }) => [relname, { vacuums, analyses }]));
  }

  it('ends with a VACUUM ANALYZE of the tables it loaded', async () => {
    const before = await maintenanceCounts();
    const result = await seedDatabase(t.db, t.adminId, { leads: 300, seed: 3 });
    expect(result.leads).toBe(300);
    const after = await maintenanceCounts();
    for (const table of LOADED_TABLES) {
      expect(after[table], table).toEqual({
        vacuums: (before[table]?.vacuums ?? 0) + 1,
        analyses: (before[table]?.analyses ?? 0) + 1,
      });
    }
    // ANALYZE's row estimate: the planner knows the table's size from the first read.
    const { rows } = (await t.db.raw(
      "select reltuples::int as tuples from pg_class where oid = 'leads'::regclass",
    )) as {
      rows: Array<{ tuples: number }>;
    };
    expect(rows[0]?.tuples).toBe(300);
  });
});
