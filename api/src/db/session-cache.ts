// Sessions this process has read, kept so that a signed-in request (a poll's 304 above all) needs no
// database round trip. The rows stay the truth: a session row updated or deleted anywhere (sign-out,
// a disabled user, a password change, a role change, a touch, the expired-session cleanup, TRUNCATE)
// notifies its sid at commit (migration 20251201090000_cache_notifications.ts), and every process
// forgets it. An entry also carries the row's expiry and is not used past it. While the listener is
// not current (invalidation-feed.ts) the cache answers nothing and the store reads the row.
import type { Knex } from 'knex';
import { InvalidationFeed } from './invalidation-feed.ts';

export const SESSIONS_CHANNEL = 'shine_sessions';
/** Sessions remembered per process (the least recently used go first). */
const CAPACITY = 10_000;

interface Entry {
  /** The session as stored, in JSON: each request gets its own copy (express-session mutates it). */
  json: string;
  /** Epoch ms of the row's `expired`. */
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly feed: InvalidationFeed;

  constructor(db: Knex) {
    this.feed = new InvalidationFeed(db, {
      channel: SESSIONS_CHANNEL,
      onNotice: (sid) => (sid === '*' ? this.entries.clear() : this.forget(sid)),
      onReset: () => this.entries.clear(),
    });
  }

  /** The cached session, or undefined when the store must read the row. */
  find(sid: string, now: number): unknown {
    if (!this.feed.isTrusted()) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (now > entry.expiresAt) {
      this.entries.delete(sid);
      return undefined;
    }
    return JSON.parse(entry.json);
  }

  /** A token to hand to `remember` with what a read started now returns. */
  beginRead(): number {
    return this.feed.generation;
  }

  /** Keeps a row read since `token`, unless a change was heard meanwhile (the row may predate it). */
  remember(sid: string, session: unknown, expiresAt: number, token: number): void {
    if (token !== this.feed.generation || !this.feed.isTrusted()) return;
    this.entries.delete(sid);
    this.entries.set(sid, { json: JSON.stringify(session), expiresAt });
    if (this.entries.size > CAPACITY) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** This process's own write: the entry goes now, and reads in flight are not stored. */
  forget(sid: string): void {
    this.entries.delete(sid);
    this.feed.bump();
  }

  /** A touch written by this process: its other requests see the new touch time at once. */
  touched(sid: string, session: unknown, expiresAt: number): void {
    const entry = this.entries.get(sid);
    if (entry) this.entries.set(sid, { json: JSON.stringify(session), expiresAt });
  }

  close(): Promise<void> {
    return this.feed.close();
  }
}
