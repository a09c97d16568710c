// PostgreSQL LISTEN/NOTIFY on both drivers: what one process commits, every process hears.
// - notify(trx, channel, payload) inside a change's transaction: PostgreSQL (and PGlite, the same
//   engine) delivers it at the commit, in commit order, and never for a rolled-back change.
// - listen(db, channel, handler): PostgreSQL needs a connection of its own that stays in LISTEN (a
//   pooled one goes back to the pool), reconnected with a backoff when it drops; handlers are told
//   through `onGap` that signals may have been missed meanwhile. PGlite is one process and one
//   connection: its own listen() is the in-process bus.
// Channels are per schema (each API test file has a schema of its own on one database), so a
// signal reaches only the processes working on the same data.
// - signalsAreCurrent(db, maxLagMs): whether everything committed more than maxLagMs ago has
//   been heard. On PostgreSQL the listening connection notifies itself every HEARTBEAT_MS; PostgreSQL
//   delivers signals in commit order, so hearing a ping sent at T proves that every
//   signal committed before T has been heard. A dropped connection, a stalled one and a
//   reconnection that has not pinged yet all answer false: caches built on signals
//   (session-cache.ts, data-versions.ts) are then not trusted. PGlite delivers a commit's
//   signals before the commit returns, in this process: always current.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export type SignalHandler = (payload: string) => void;

export interface ListenOptions {
  /** Called after the listening connection was lost and is back: signals may have been missed. */
  onGap?: () => void;
}

interface SignalSource {
  listen: (channel: string, handler: SignalHandler, options: ListenOptions) => Promise<() => Promise<void>>;
  isCurrent: (maxLagMs: number) => boolean;
  heard: () => Promise<void>;
  close: () => Promise<void>;
}

const sources = new WeakMap<Knex, SignalSource>();

/** The largest payload PostgreSQL accepts is 8000 bytes; ours are ids and field names. */
export const MAX_SIGNAL_BYTES = 7_900;

/** The channel's name in this database's schema (`base` alone on the default schema). */
export function channelFor(db: Knex, base: string): string {
  const schema = [db.client.config.searchPath ?? []].flat()[0] as string | undefined;
  return schema && schema !== 'public' ? `${base}__${schema}`.slice(0, 63) : base;
}

/** Sends `payload` on `channel` when `trx` commits (right away outside a transaction). */
export async function notify(trx: Knex, base: string, payload: string): Promise<void> {
  if (Buffer.byteLength(payload) > MAX_SIGNAL_BYTES) throw new Error(`signal on ${base} too large`);
  await trx.raw('select pg_notify(?, ?)', [channelFor(trx, base), payload]);
}

/** Sends each payload on `channel` when `trx` commits, in one statement (a bulk change's many events). */
export async function notifyEach(trx: Knex, base: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.some((payload) => Buffer.byteLength(payload) > MAX_SIGNAL_BYTES)) {
    throw new Error(`signal on ${base} too large`);
  }
  await trx.raw('select pg_notify(?, payload) from unnest(?::text[]) with ordinality as p(payload, n) order by n', [
    channelFor(trx, base),
    [...payloads],
  ]);
}

/** Hears every signal on `base` committed through this database from now on; answers how to stop. */
export function listen(
  db: Knex,
  base: string,
  handler: SignalHandler,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const source = sources.get(db);
  if (!source) throw new Error('listen() needs a database opened with createDatabase');
  return source.listen(channelFor(db, base), handler, options);
}

/**
 * Whether every signal committed on `db` more than `maxLagMs` ago has reached this process's
 * handlers (false before the first listen() on PostgreSQL).
 */
export function signalsAreCurrent(db: Knex, maxLagMs: number): boolean {
  return sources.get(db)?.isCurrent(maxLagMs) ?? false;
}

/**
 * Resolves once this process has heard every signal committed before the call: a write
 * answers after it (http/write-barrier.ts), so that this process's caches, and in practice the other
 * processes', signalled by PostgreSQL at the same commit, show it before the client can ask again
 * (at most NOTIFICATIONS_HEARD_WAIT_MS; at once on PGlite and while not listening).
 */
export function signalsHeard(db: Knex): Promise<void> {
  return sources.get(db)?.heard() ?? Promise.resolve();
}

export function pgliteSignals(db: Knex, pglite: PGlite): SignalSource {
  const source: SignalSource = {
    listen: async (channel, handler) => {
      const stop = await pglite.listen(channel, handler);
      return () => stop().catch(() => undefined);
    },
    isCurrent: () => true,
    heard: async () => {},
    close: async () => {},
  };
  sources.set(db, source);
  return source;
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** How often the listening connection proves it is current (one tiny self-signal). */
export const HEARTBEAT_MS = 50;
const NOTIFICATIONS_HEARD_WAIT_MS = 1_000;

export function postgresSignals(
  db: Knex,
  connectionString: string,
  { logger, applicationName = 'shine-api-listen' }: { logger?: Logger; applicationName?: string } = {},
): SignalSource {
  const handlers = new Map<string, Set<SignalHandler>>();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  // The heartbeat: a channel only this source listens on, and the ping awaiting its echo.
  const pingChannel = `shine_ping_${randomBytes(8).toString('hex')}`;
  let pingTimer: NodeJS.Timeout | undefined;
  let pingSeq = 0;
  let pending: { payload: string; sentAt: number } | undefined;
  /** Everything committed before this moment (performance.now()) has been heard; 0: unknown. */
  let heardUntil = 0;
  // One statement at a time on the listening connection (pg queues overlapping ones, but is deprecating it).
  let queue: Promise<unknown> = Promise.resolve();
  const run = (on: pg.Client, sql: string, params?: unknown[]) => {
    const result = queue.then(() => on.query(sql, params));
    queue = result.catch(() => undefined);
    return result;
  };
  /** Callers of heard(): each waits for a ping sent after its call. */
  const waiters = new Set<{ since: number; done: () => void }>();

  const echoHeard = (sentAt: number) => {
    heardUntil = sentAt;
    pending = undefined;
    for (const waiter of waiters) if (waiter.since < sentAt) waiter.done();
    if (waiters.size > 0) ping();
  };

  const ping = () => {
    clearTimeout(pingTimer);
    pingTimer = undefined;
    const current = client;
    if (!current || closed) return;
    if (!pending) {
      const next = { payload: String(++pingSeq), sentAt: performance.now() };
      pending = next;
      // A failure here is the connection's: its error and end events reconnect.
      run(current, 'select pg_notify($1, $2)', [pingChannel, next.payload]).catch(() => undefined);
    }
    pingTimer = setTimeout(ping, HEARTBEAT_MS);
    pingTimer.unref();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      // Pings commit without waiting for a WAL flush: they are never read back after a crash.
      const next = new pg.Client({
        connectionString,
        application_name: applicationName,
        keepAlive: true,
        options: '-c synchronous_commit=off',
      });
      next.on('notification', (message) => {
        if (message.channel === pingChannel) {
          const echoed = pending;
          if (client === next && echoed !== undefined && echoed.payload === message.payload) echoHeard(echoed.sentAt);
          return;
        }
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // A dropped connection is replaced; pg emits both error and end for one loss.
      const lost = (err?: Error) => {
        if (client !== next) return;
        client = undefined;
        heardUntil = 0;
        pending = undefined;
        for (const waiter of waiters) waiter.done();
        if (err) logger?.warn({ err }, 'signal connection lost; reconnecting');
        reconnectSoon();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(pingChannel)}`);
      for (const channel of handlers.keys()) await next.query(`listen ${next.escapeIdentifier(channel)}`);
      client = next;
      // The first ping goes out after the caller's (or the gap handlers') synchronous continuation.
      clearTimeout(pingTimer);
      pingTimer = setTimeout(ping, 0);
      pingTimer.unref();
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const reconnectSoon = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          retryMs = RECONNECT_MIN_MS;
          for (const gap of gapHandlers) gap();
        },
        () => {
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          reconnectSoon();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  const source: SignalSource = {
    listen: async (channel, handler, options) => {
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(handler);
      if (options.onGap) gapHandlers.add(options.onGap);
      try {
        const current = client ?? (await connect());
        // LISTEN twice is harmless: a connection made meanwhile may already have listened.
        if (isNew) await run(current, `listen ${current.escapeIdentifier(channel)}`);
      } catch (err) {
        // The database is away: the handler stays registered and the reconnection listens for it.
        logger?.warn({ err }, 'signal connection unavailable; retrying');
        reconnectSoon();
      }
      return async () => {
        set.delete(handler);
        if (options.onGap) gapHandlers.delete(options.onGap);
        if (set.size > 0) return;
        handlers.delete(channel);
        if (client) await run(client, `unlisten ${client.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    isCurrent: (maxLagMs) => client !== undefined && heardUntil > 0 && performance.now() - heardUntil <= maxLagMs,
    heard: () => {
      if (!client || closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          since: performance.now(),
          done: () => {
            clearTimeout(timeout);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timeout = setTimeout(waiter.done, NOTIFICATIONS_HEARD_WAIT_MS);
        waiters.add(waiter);
        if (!pending) ping();
      });
    },
    close: async () => {
      for (const waiter of waiters) waiter.done();
      closed = true;
      heardUntil = 0;
      clearTimeout(retryTimer);
      clearTimeout(pingTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
  sources.set(db, source);
  return source;
}
