// The job queue (pg-boss) on the application's own database, so N API processes share one queue and
// never run one job twice. Every statement of pg-boss runs on a connection taken from knex's pool:
// on PostgreSQL that shares the pool (pg-boss qualifies its tables with its schema, so the pool's
// search_path does not matter); on PGlite, whose one connection is one session for everybody, it is
// what keeps a statement of pg-boss from landing inside a transaction knex has open.
import type { Knex } from 'knex';
import { type Db as IDatabase, PgBoss } from 'pg-boss';
import type { DatabaseDriver } from '../../db/database.ts';

type Rows = { rows?: unknown[] };

/** A pg Client or a PGlite instance, as knex's pool hands it out. */
interface RawConnection {
  query: (text: string, values?: unknown[]) => Promise<Rows | Rows[]>;
  exec?: (text: string) => Promise<Rows[]>;
}

/** knex's pool API (public on the client, absent from its typings). */
interface PooledClient {
  acquireConnection: () => Promise<RawConnection>;
  releaseConnection: (connection: RawConnection) => Promise<void>;
}

/** Rows of every statement, so a RETURNING before a script's COMMIT is kept. */
const flattenRows = (result: Rows | Rows[]) =>
  (Array.isArray(result) ? result : [result]).flatMap((part) => part.rows ?? []);

function throughKnexPool(db: Knex, driver: DatabaseDriver): IDatabase {
  const client = db.client as unknown as PooledClient;
  return {
    async executeSql(text, values) {
      const connection = await client.acquireConnection();
      try {
        // Without parameters pg-boss may send a script (BEGIN; …; COMMIT): PGlite runs those with exec().
        const isScript = !values?.length;
        if (driver === 'pglite' && isScript && connection.exec)
          return { rows: flattenRows(await connection.exec(text)) };
        return { rows: flattenRows(await connection.query(text, values)) };
      } catch (error) {
        // A failed script leaves its transaction open and aborted on this connection: end it before
        // the pool hands the connection to anyone else (harmless when no transaction is open).
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

export interface QueueOptions {
  db: Knex;
  driver: DatabaseDriver;
  /** pg-boss's schema (created on start; tests give each file its own). */
  schema: string;
  /** Whether this instance runs cron schedules (the per-minute scan) and maintenance. */
  supervise: boolean;
  /** Seconds between the supervisor's passes that fail jobs whose heartbeat stopped (and expire others). */
  monitorSeconds: number;
}

export function createQueue({ db, driver, schema, supervise, monitorSeconds }: QueueOptions): PgBoss {
  return new PgBoss({
    db: throughKnexPool(db, driver),
    ...(driver === 'pglite' ? { backend: 'pglite' as const } : {}),
    schema,
    schedule: supervise,
    supervise,
    superviseIntervalSeconds: monitorSeconds,
    monitorIntervalSeconds: monitorSeconds,
    migrate: true,
  });
}
