// Change counters per table (bumped by triggers, see the data_versions migrations): the cheap input
// of the polled reads' ETags. Each process keeps the counters it has read; every bump notifies
// `table:version` at its commit (migration 20251201090000_cache_notifications.ts), so a revalidation
// (304) is answered from memory while the listener is current (db/invalidation-feed.ts), and from
// the table otherwise. Counters only grow, so a notice and a read arriving in either order agree.
import type { Knex } from 'knex';
import { InvalidationFeed } from './invalidation-feed.ts';

export type VersionedTable = 'leads' | 'activities' | 'automations' | 'templates' | 'users';

export const DATA_VERSIONS_CHANNEL = 'shine_data_versions';

class DataVersionCache {
  private readonly versions = new Map<string, bigint>();
  readonly feed: InvalidationFeed;

  constructor(db: Knex) {
    this.feed = new InvalidationFeed(db, {
      channel: DATA_VERSIONS_CHANNEL,
      onNotice: (payload) => {
        const at = payload.lastIndexOf(':');
        if (at > 0) this.raise(payload.slice(0, at), payload.slice(at + 1));
      },
      onReset: () => this.versions.clear(),
    });
  }

  /** The counters of `tables` when all are known and the cache is current; otherwise undefined. */
  find<T extends VersionedTable>(tables: T[]): Record<T, string> | undefined {
    if (!this.feed.isTrusted()) return undefined;
    const found = {} as Record<T, string>;
    for (const table of tables) {
      const version = this.versions.get(table);
      if (version === undefined) return undefined;
      found[table] = String(version);
    }
    return found;
  }

  raise(table: string, version: string): void {
    let value: bigint;
    try {
      value = BigInt(version);
    } catch {
      return;
    }
    const known = this.versions.get(table);
    if (known === undefined || value > known) this.versions.set(table, value);
  }

  /** Keeps what a read begun at generation `token` found, unless the listener had a gap meanwhile. */
  remember(rows: Array<{ name: string; version: string | number }>, token: number): void {
    if (token !== this.feed.generation || !this.feed.isTrusted()) return;
    for (const row of rows) this.raise(row.name, String(row.version));
  }
}

const caches = new WeakMap<Knex, DataVersionCache>();

function cacheOf(db: Knex): DataVersionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new DataVersionCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * A table's change counter as a scalar subquery (bigint), for a statement that must read the counter
 * in the same snapshot as the rows it reads (a page map and the seek that trusts it).
 */
export function dataVersionSubquery(table: VersionedTable): string {
  return `(select version from data_versions where name = '${table}')`;
}

export async function readDataVersions<T extends VersionedTable>(db: Knex, tables: T[]): Promise<Record<T, string>> {
  const cache = cacheOf(db);
  const cached = cache.find(tables);
  if (cached) return cached;
  const token = cache.feed.generation;
  const rows = await db('data_versions').whereIn('name', tables).select('name', 'version');
  const versions = Object.fromEntries(tables.map((table) => [table, '0'])) as Record<T, string>;
  for (const row of rows) versions[row.name as T] = String(row.version);
  // A table without a counter row stays uncached: it has nothing to notify.
  cache.remember(rows, token);
  return versions;
}
