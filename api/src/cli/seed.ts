// `pnpm seed --leads N [--activities-per-lead ~3] [--reset] [--seed 1]`: realistic fake leads and
// activities (see seed-data.ts) in the configured database, DATABASE_URL (PostgreSQL) or DATA_DIR
// (PGlite), through the API's own knex factory and migrations. Rows go in as batches of one
// INSERT ... SELECT FROM jsonb_populate_recordset(null::table, $1), one transaction: the table's
// own row type does every cast (enums, numeric, timestamptz, text[]), on both drivers. It ends with a
// VACUUM ANALYZE of the tables it loaded.
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { ensureFirstAdmin } from '../auth/first-admin.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createRandom } from '@shine/shared/random';
import { buildLead, type SeedActivity, type SeedLead } from './seed-data.ts';
import { recordFirstRequestsOfLeads } from '../leads/lead-requests.service.ts';

const BATCH_ROWS = 5_000;

export interface SeedOptions {
  leads: number;
  /** PRNG seed: the same seed gives the same data (ids apart). */
  seed?: number;
  /** Remove every lead (and what hangs off leads) first. */
  reset?: boolean;
  now?: number;
  onProgress?: (inserted: number) => void;
}

export interface SeedResult {
  leads: number;
  activities: number;
  userId: string;
  ms: number;
}

async function insertRows(
  trx: Knex.Transaction,
  table: string,
  rows: ReadonlyArray<SeedLead | SeedActivity>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const list = columns.map((column) => `"${column}"`).join(', ');
  await trx.raw(
    `insert into "${table}" (${list}) select ${list} from jsonb_populate_recordset(null::"${table}", ?::jsonb)`,
    [JSON.stringify(rows)],
  );
}

export async function seedDatabase(db: Knex, userId: string, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const random = createRandom(options.seed ?? 1);
  const now = options.now ?? Date.now();
  let activityCount = 0;
  await db.transaction(async (trx) => {
    if (options.reset) await trx.raw('truncate table activities, leads cascade');
    const offset = Number((await trx('leads').count({ n: '*' }).first())?.n ?? 0);
    for (let done = 0; done < options.leads; ) {
      const size = Math.min(BATCH_ROWS, options.leads - done);
      const leads: SeedLead[] = [];
      const activities: SeedActivity[] = [];
      for (let i = 0; i < size; i += 1) {
        const built = buildLead(random, offset + done + i, userId, now);
        leads.push(built.lead);
        activities.push(...built.activities);
      }
      await insertRows(trx, 'leads', leads);
      for (let i = 0; i < activities.length; i += BATCH_ROWS) {
        await insertRows(trx, 'activities', activities.slice(i, i + BATCH_ROWS));
      }
      activityCount += activities.length;
      done += size;
      options.onProgress?.(done);
    }
    await recordFirstRequestsOfLeads(trx);
  });
  // What autovacuum would do to freshly loaded tables, done now so that the first read after a seed
  // measures the product: the visibility map that makes the sort indexes' walks index-only (without
  // it every entry costs a heap visit), the hint bits, and the planner's statistics. VACUUM runs
  // outside a transaction, on PostgreSQL and PGlite alike.
  await db.raw('vacuum (analyze) leads, activities, lead_requests');
  return { leads: options.leads, activities: activityCount, userId, ms: performance.now() - started };
}

const USAGE = 'usage: pnpm seed --leads N [--reset] [--seed 1]';

/** The user the activities belong to: the oldest user, or the first admin created as the server would. */
async function resolveSeedUser(db: Knex, config: Config): Promise<string> {
  const existing = await db('users').orderBy('created_at').first('id');
  if (existing) return existing.id;
  const admin = await ensureFirstAdmin(db, config);
  if (admin?.generatedPassword)
    console.log(`created ${admin.username} with password ${admin.generatedPassword} (shown once)`);
  const created = await db('users').orderBy('created_at').first('id');
  if (!created) throw new Error('could not create a user for the activities');
  return created.id;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      leads: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  const leads = Number(values.leads);
  if (values.help || !Number.isInteger(leads) || leads < 1) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(database.knex);
    const userId = await resolveSeedUser(database.knex, config);
    const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
    console.log(`seeding ${leads} leads into ${where}${values.reset ? ' after removing every lead' : ''}...`);
    const result = await seedDatabase(database.knex, userId, {
      leads,
      reset: values.reset,
      seed: Number(values.seed),
      onProgress: (done) => {
        if (done % 25_000 === 0 && done < leads) console.log(`  ${done} leads`);
      },
    });
    console.log(
      `seeded ${result.leads} leads and ${result.activities} activities in ${(result.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.main) await main();
