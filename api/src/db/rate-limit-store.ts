// An express-rate-limit store on Knex: counters live in the database, so N API processes behind a
// load balancer share one budget per client. One upsert per hit; expired rows are swept lazily.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Knex } from 'knex';

const SWEEP_EVERY_MS = 60_000;

export class KnexRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly db: Knex;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(db: Knex, prefix: string) {
    this.db = db;
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db('rate_limits')
      .where({ key: this.key(key) })
      .where('reset_at', '>', this.db.fn.now())
      .first('hits', 'reset_at');
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // A window that has run out starts again at 1 in the same statement: no read-modify-write race.
    const result = await this.db.raw<{ rows: Array<{ hits: number; reset_at: Date }> }>(
      `insert into rate_limits as r (key, hits, reset_at)
       values (?, 1, now() + make_interval(secs => ?))
       on conflict (key) do update set
         hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning hits, reset_at`,
      [this.key(key), this.windowMs / 1000],
    );
    const row = result.rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    this.sweepExpired();
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.key(key) })
      .where('hits', '>', 0)
      .update({ hits: this.db.raw('hits - 1') });
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.key(key) })
      .delete();
  }

  async resetAll(): Promise<void> {
    await this.db('rate_limits')
      .where('key', 'like', `${this.prefix.replaceAll(/[\\%_]/g, '\\$&')}%`)
      .delete();
  }

  /** Deletes rows whose window ended, at most once a minute per process, without blocking the request. */
  private sweepExpired(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db('rate_limits')
      .where('reset_at', '<', this.db.fn.now())
      .delete()
      .catch(() => {
        // best effort: the next sweep tries again
      });
  }
}
