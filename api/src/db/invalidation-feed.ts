// What a per-process cache needs from LISTEN/NOTIFY (db/listen-notify.ts) to stay correct:
// - the notices of its channel (the migration 20251201090000_cache_notifications.ts sends them from
//   triggers, at the commit of whatever changed the rows);
// - whether it may answer now: only once listening, and only while every signal committed more
//   than CACHE_MAX_LAG_MS ago is known to have been heard (a lost, stalled or reconnecting listener
//   answers no, and the caller reads the database as before);
// - a reset after a gap (signals may have been missed while the connection was away), and a
//   generation that moves with each reset, so that a database read begun before it is not stored after.
import type { Knex } from 'knex';
import { listen, signalsAreCurrent } from './listen-notify.ts';

/**
 * How stale a cached answer may be in the worst case (a listener that stops hearing without being
 * told); in the normal case a change reaches every process as soon as PostgreSQL delivers its
 * signal, within milliseconds of the commit. See docs/decisions.md, "Revalidation without the
 * database".
 */
export const CACHE_MAX_LAG_MS = 150;

export interface InvalidationFeedOptions {
  channel: string;
  onNotice: (payload: string) => void;
  /** Forget everything: signals may have been missed. */
  onReset: () => void;
}

export class InvalidationFeed {
  /** Moves on every reset (and whenever the owner calls `bump`). */
  generation = 0;
  private listening: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private isListening = false;
  private closed = false;
  private readonly db: Knex;
  private readonly options: InvalidationFeedOptions;

  constructor(db: Knex, options: InvalidationFeedOptions) {
    this.db = db;
    this.options = options;
  }

  /** Whether the cache may answer from memory now; the first call starts listening (and answers no). */
  isTrusted(): boolean {
    if (!this.isListening) {
      this.start();
      return false;
    }
    return signalsAreCurrent(this.db, CACHE_MAX_LAG_MS);
  }

  /** Invalidates reads in flight (their result may predate a change just heard). */
  bump(): void {
    this.generation++;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.isListening = false;
    await this.listening?.catch(() => undefined);
    await this.stopListening?.();
    this.reset();
  }

  private start(): void {
    if (this.listening || this.closed) return;
    this.listening = Promise.resolve()
      .then(() =>
        listen(this.db, this.options.channel, (payload) => this.options.onNotice(payload), {
          onGap: () => this.reset(),
        }),
      )
      .then(
        (stop) => {
          this.stopListening = stop;
          // Whatever was stored before listening could have missed a change: start empty.
          this.reset();
          this.isListening = !this.closed;
          if (this.closed) void stop();
        },
        () => {
          // No signals on this database handle: the cache is never trusted.
          this.listening = undefined;
        },
      );
  }

  private reset(): void {
    this.generation++;
    this.options.onReset();
  }
}
