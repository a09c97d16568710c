// One knex factory, two drivers: DATABASE_URL → PostgreSQL through a `pg` pool; otherwise the
// embedded PGlite (PostgreSQL compiled to WASM) persisted in DATA_DIR. Same SQL on both.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import type { Logger } from '../logger.ts';
import { pgliteSignals, postgresSignals } from './listen-notify.ts';

export type DatabaseDriver = 'postgres' | 'pglite';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite's data directory, or `memory://` for an in-memory database. */
  dataDir?: string;
  poolMax?: number;
  /** PostgreSQL schemas to search (tests give each file its own schema). */
  searchPath?: string[];
  /** PGlite only: start from this data directory snapshot (PGlite's dumpDataDir) instead of an empty one. */
  pgliteSnapshot?: Blob;
  /** Where knex's own warnings go (e.g. failed connection attempts while the server is away). */
  logger?: Logger;
  /** PostgreSQL's application_name of the pool (the listening connection adds `-listen`); default shine-api. */
  applicationName?: string;
}

function knexLog(logger: Logger | undefined): Knex.Config['log'] {
  if (!logger) return undefined;
  return {
    warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database warning'),
    error: (message: unknown) => logger.error({ knex: String(message) }, 'database error'),
    deprecate: (method: unknown, alternative: unknown) => logger.debug({ method, alternative }, 'knex deprecation'),
    debug: (message: unknown) => logger.debug({ knex: message }, 'knex debug'),
  };
}

export interface Database {
  knex: Knex;
  driver: DatabaseDriver;
  /** Closes the pool (PostgreSQL) or the embedded database (PGlite). */
  close: () => Promise<void>;
}

/** How long a request may wait for a connection before it is answered 503. */
const ACQUIRE_TIMEOUT_MS = 5_000;
/** PGlite has one connection that every request queues for; a long export must not starve them. */
const PGLITE_ACQUIRE_TIMEOUT_MS = 15_000;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const knex = createPostgresKnex(options, options.databaseUrl);
    const signals = postgresSignals(knex, options.databaseUrl, {
      logger: options.logger,
      applicationName: `${options.applicationName ?? 'shine-api'}-listen`,
    });
    return {
      knex,
      driver: 'postgres',
      close: async () => {
        await signals.close();
        await knex.destroy();
      },
    };
  }
  const { knex, pglite } = await createPgliteKnex(options);
  pgliteSignals(knex, pglite);
  return { knex, driver: 'pglite', close: () => knex.destroy() };
}

function createPostgresKnex(options: DatabaseOptions, connectionString: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: options.applicationName ?? 'shine-api',
      // A server that does not answer (rather than refusing) must not hang requests.
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    },
    searchPath: options.searchPath,
    log: knexLog(options.logger),
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
  });
}

async function createPgliteKnex(options: DatabaseOptions): Promise<{ knex: Knex; pglite: PGlite }> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm and btree_gist ship with PGlite as loadable extensions; the migrations then CREATE EXTENSION it.
  const pglite = new PGlite(dataDir, {
    extensions: { pg_trgm, btree_gist },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  // A new data directory is initialised here (seconds): not inside the first query's acquire timeout.
  await pglite.waitReady;
  const knex = knexFactory({
    client: ClientPgLite,
    // knex-pglite hands knex our instance through a connection function.
    connection: () => ({ pglite }),
    searchPath: options.searchPath,
    log: knexLog(options.logger),
    // connect-session-knex picks PostgreSQL's single-statement upsert from this version.
    version: '17',
    acquireConnectionTimeout: PGLITE_ACQUIRE_TIMEOUT_MS,
  } as Knex.Config);
  return { knex, pglite };
}
