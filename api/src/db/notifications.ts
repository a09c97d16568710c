// PostgreSQL LISTEN/NOTIFY on both drivers: what one process commits, every process hears.
// - notify(trx, channel, payload) inside a change's transaction: PostgreSQL (and PGlite, the same
//   engine) delivers it at the commit, in commit order, and never for a rolled-back change.
// - listen(db, channel, handler): PostgreSQL needs a connection of its own that stays in LISTEN (a
//   pooled one goes back to the pool), reconnected with a backoff when it drops; handlers are told
//   through `onGap` that notifications may have been missed meanwhile. PGlite is one process and one
//   connection: its own listen() is the in-process bus.
// Channels are per schema (each API test file has a schema of its own on one database), so a
// notification reaches only the processes working on the same data.
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /** Called after the listening connection was lost and is back: notifications may have been missed. */
  onGap?: () => void;
}

interface NotificationSource {
  listen: (channel: string, handler: NotificationHandler, options: ListenOptions) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
}

const sources = new WeakMap<Knex, NotificationSource>();

/** The largest payload PostgreSQL accepts is 8000 bytes; ours are ids and field names. */
export const MAX_NOTIFICATION_BYTES = 7_900;

/** The channel's name in this database's schema (`base` alone on the default schema). */
export function channelFor(db: Knex, base: string): string {
  const schema = [db.client.config.searchPath ?? []].flat()[0] as string | undefined;
  return schema && schema !== 'public' ? `${base}__${schema}`.slice(0, 63) : base;
}

/** Sends `payload` on `channel` when `trx` commits (right away outside a transaction). */
export async function notify(trx: Knex, base: string, payload: string): Promise<void> {
  if (Buffer.byteLength(payload) > MAX_NOTIFICATION_BYTES) throw new Error(`notification on ${base} too large`);
  await trx.raw('select pg_notify(?, ?)', [channelFor(trx, base), payload]);
}

/** Sends each payload on `channel` when `trx` commits, in one statement (a bulk change's many events). */
export async function notifyEach(trx: Knex, base: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.some((payload) => Buffer.byteLength(payload) > MAX_NOTIFICATION_BYTES)) {
    throw new Error(`notification on ${base} too large`);
  }
  await trx.raw('select pg_notify(?, payload) from unnest(?::text[]) with ordinality as p(payload, n) order by n', [
    channelFor(trx, base),
    [...payloads],
  ]);
}

/** Hears every notification on `base` committed through this database from now on; answers how to stop. */
export function listen(
  db: Knex,
  base: string,
  handler: NotificationHandler,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const source = sources.get(db);
  if (!source) throw new Error('listen() needs a database opened with createDatabase');
  return source.listen(channelFor(db, base), handler, options);
}

export function pgliteNotifications(db: Knex, pglite: PGlite): NotificationSource {
  const source: NotificationSource = {
    listen: async (channel, handler) => {
      const stop = await pglite.listen(channel, handler);
      return () => stop().catch(() => undefined);
    },
    close: async () => {},
  };
  sources.set(db, source);
  return source;
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export function postgresNotifications(db: Knex, connectionString: string, logger?: Logger): NotificationSource {
  const handlers = new Map<string, Set<NotificationHandler>>();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: 'shine-api-listen', keepAlive: true });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // A dropped connection is replaced; pg emits both error and end for one loss.
      const lost = (err?: Error) => {
        if (client !== next) return;
        client = undefined;
        if (err) logger?.warn({ err }, 'notification connection lost; reconnecting');
        reconnectSoon();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${next.escapeIdentifier(channel)}`);
      client = next;
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

  const source: NotificationSource = {
    listen: async (channel, handler, options) => {
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(handler);
      if (options.onGap) gapHandlers.add(options.onGap);
      try {
        const current = client ?? (await connect());
        // LISTEN twice is harmless: a connection made meanwhile may already have listened.
        if (isNew) await current.query(`listen ${current.escapeIdentifier(channel)}`);
      } catch (err) {
        // The database is away: the handler stays registered and the reconnection listens for it.
        logger?.warn({ err }, 'notification connection unavailable; retrying');
        reconnectSoon();
      }
      return async () => {
        set.delete(handler);
        if (options.onGap) gapHandlers.delete(options.onGap);
        if (set.size > 0) return;
        handlers.delete(channel);
        await client?.query(`unlisten ${client.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
  sources.set(db, source);
  return source;
}
