// Sessions in the database (connect-session-knex on our knex, table from the migrations), behind a
// thin wrapper that:
// - turns the store's promise rejections into callback errors only (its methods both call back and
//   rethrow, which would surface as unhandled rejections and stop the process while the database is
//   away);
// - throttles touch: polling every 10 s must not rewrite the session row each time. A touch writes at
//   most once per TOUCH_INTERVAL_MS per session, remembered in the session itself (`touchedAt`), so
//   the throttle holds across N processes. The row's expiry may therefore trail the cookie's by up
//   to that interval;
// - writes a touch as an UPDATE of `touchedAt`, the cookie and the expiry only: a request that loaded
//   the session before its user was disabled (sessions deleted) or their role changed (the stored role
//   rewritten, auth/users.service.ts) must not bring the old session back or write the old role over
//   the new one when it ends;
// - answers from this process's SessionCache (session-cache.ts) while LISTEN/NOTIFY keeps it current,
//   and reads the row otherwise; every write of its own forgets the entry before and after.
import { ConnectSessionKnexStore } from 'connect-session-knex';
import session, { type SessionData } from 'express-session';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { SessionCache } from './session-cache.ts';

export const TOUCH_INTERVAL_MS = 5 * 60_000;
const CLEANUP_INTERVAL_MS = 15 * 60_000;
/** What connect-session-knex gives a cookie without a max age. */
const DEFAULT_LIFETIME_MS = 24 * 3_600_000;

type Callback = (err?: unknown) => void;

/**
 * A row's expiry, in real time like every expiry the store reads and the cleanup deletes by (the
 * database's clock). The app's clock (`now`, pinned in tests) only decides when a touch is written:
 * an expiry from a pinned past clock would end a session at once.
 */
const expiryFromNow = (data: SessionData) => Date.now() + (data.cookie.maxAge ?? DEFAULT_LIFETIME_MS);

export class DatabaseSessionStore extends session.Store {
  private readonly inner: ConnectSessionKnexStore;
  private readonly db: Knex;
  private readonly now: () => number;
  private readonly cache: SessionCache;

  constructor(options: { db: Knex; logger: Logger; now?: () => number }) {
    super();
    this.now = options.now ?? Date.now;
    this.db = options.db;
    this.cache = new SessionCache(options.db);
    this.inner = new ConnectSessionKnexStore({
      knex: options.db,
      tableName: 'sessions',
      createTable: false,
      cleanupInterval: CLEANUP_INTERVAL_MS,
      onDbCleanupError: (err) => options.logger.warn({ err }, 'expired session cleanup failed'),
    });
    this.inner.ready.catch((err: unknown) => options.logger.error({ err }, 'session store is not ready'));
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    // After the I/O of this turn of the event loop: a sign-out notification that arrived with this
    // request is applied before the cache is asked.
    setImmediate(() => {
      // The row's expiry is compared with the real time, as the database compares it.
      const cached = this.cache.find(sid, Date.now());
      if (cached) {
        callback(null, cached as SessionData);
        return;
      }
      this.readRow(sid).then(
        (data) => callback(null, data),
        (err: unknown) => callback(err),
      );
    });
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.cache.forget(sid);
    this.inner
      .set(sid, data, () => {})
      .finally(() => this.cache.forget(sid))
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.cache.forget(sid);
    this.inner
      .destroy(sid, () => {})
      .finally(() => this.cache.forget(sid))
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const now = this.now();
    if (data.touchedAt !== undefined && now - data.touchedAt < TOUCH_INTERVAL_MS) {
      callback?.();
      return;
    }
    data.touchedAt = now;
    this.cache.touched(sid, data, expiryFromNow(data));
    this.refresh(sid, data, now).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  /** Stores a touch: the row's expiry, the cookie and `touchedAt`; a row that is gone stays gone. */
  async refresh(sid: string, data: SessionData, now: number): Promise<void> {
    await this.db('sessions')
      .where({ sid })
      .update({
        expired: new Date(expiryFromNow(data)),
        sess: this.db.raw(`jsonb_set(jsonb_set(sess::jsonb, '{touchedAt}', ?::jsonb), '{cookie}', ?::jsonb)::json`, [
          JSON.stringify(now),
          JSON.stringify(data.cookie),
        ]),
      });
  }

  /** The unexpired row (the same condition as connect-session-knex's get), remembered when it may be. */
  private async readRow(sid: string): Promise<SessionData | null> {
    await this.inner.ready;
    const token = this.cache.beginRead();
    const row = await this.db('sessions')
      .where({ sid })
      .where('expired', '>=', new Date())
      .first<{ sess: SessionData | string; expired: Date | string } | undefined>('sess', 'expired');
    if (!row) return null;
    const data = typeof row.sess === 'string' ? (JSON.parse(row.sess) as SessionData) : row.sess;
    this.cache.remember(sid, data, new Date(row.expired).getTime(), token);
    return data;
  }

  /** Stops the periodic cleanup timer (it is unref'd, but tests close many stores) and the cache's listener. */
  close(): void {
    clearTimeout(this.inner.nextDbCleanup);
    void this.cache.close();
  }
}
