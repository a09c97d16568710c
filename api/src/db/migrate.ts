// Runs the migrations in ./migrations (knex's timestamped names, each with up and down, each in its
// own transaction). A custom source imports them as ES modules, so the .ts files run as they are.
import { readdirSync } from 'node:fs';
import type { Knex } from 'knex';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;

interface Migration {
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(MIGRATIONS_DIR)
      .filter((file) => MIGRATION_FILE.test(file))
      .sort();
  },
  getMigrationName(file) {
    return file;
  },
  async getMigration(file) {
    return (await import(new URL(file, MIGRATIONS_DIR).href)) as Migration;
  },
};

const migratorConfig: Knex.MigratorConfig = { migrationSource };

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, ran] = (await knex.migrate.latest(migratorConfig)) as [number, string[]];
  return ran;
}

/** Undoes the last batch; returns the names of the migrations it reverted. */
export async function migrateRollback(knex: Knex, all = false): Promise<string[]> {
  const [, reverted] = (await knex.migrate.rollback(migratorConfig, all)) as [number, string[]];
  return reverted;
}

/** Undoes only the newest migration (tests of what one migration does to a database already in use). */
export async function migrateDown(knex: Knex): Promise<string[]> {
  const [, reverted] = (await knex.migrate.down(migratorConfig)) as [number, string[]];
  return reverted;
}

export async function listMigrations(knex: Knex): Promise<{ completed: string[]; pending: string[] }> {
  const [completed, pending] = (await knex.migrate.list(migratorConfig)) as [
    Array<{ name: string }>,
    Array<{ file: string } | string>,
  ];
  return {
    completed: completed.map((entry) => entry.name),
    pending: pending.map((entry) => (typeof entry === 'string' ? entry : entry.file)),
  };
}
