// Live updates (docs/decisions.md, "Live updates vs polling"): a change publishes its event inside
// its own transaction, so the event is sent when, and only if, the change commits, to every API
// process (db/listen-notify.ts). The stream (live.routes.ts) carries ids and the names of what
// changed, never a record.
import { createHash, randomBytes } from 'node:crypto';
import type { LiveEvent } from '@shine/shared/live';
import type { Knex } from 'knex';
import { notify, notifyEach } from '../db/listen-notify.ts';
import { LIVE_CHANNEL, LiveHub, type LiveNotice } from './live-hub.ts';

const hubs = new WeakMap<Knex, LiveHub>();

/** This process's hub for `db` (made on first use). */
export function liveHub(db: Knex): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db);
    hubs.set(db, hub);
  }
  return hub;
}

/** Ends every open stream of this process (shutdown: clients reconnect to another process). */
export async function endLiveStreams(db: Knex): Promise<void> {
  await hubs.get(db)?.close();
  hubs.delete(db);
}

/** Ids sort by time of publication, then at random: unique without a sequence. */
function eventId(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString('base64url')}`;
}

/** Publishes `event` when `trx` commits. */
export function publishLiveEvent(trx: Knex, event: LiveEvent): Promise<void> {
  const notice: LiveNotice = { kind: 'event', id: eventId(), event };
  return notify(trx, LIVE_CHANNEL, JSON.stringify(notice));
}

/** Publishes several events when `trx` commits, in order, with one statement. */
export function publishLiveEvents(trx: Knex, events: readonly LiveEvent[]): Promise<void> {
  const notices = events.map((event): LiveNotice => ({ kind: 'event', id: eventId(), event }));
  return notifyEach(
    trx,
    LIVE_CHANNEL,
    notices.map((notice) => JSON.stringify(notice)),
  );
}

/** How a session is named on the live channel and in the hub: a hash, so its id is never sent around. */
export function liveSessionKey(sessionId: string): string {
  return createHash('sha256').update(`live-session:${sessionId}`).digest('hex').slice(0, 32);
}

/**
 * Ends the user's open streams in every process when `trx` commits (disabled, password set or
 * changed): all of them, or all but those of `exceptSessionId` (the session that changed it).
 */
export function publishSessionsRevoked(trx: Knex, userId: string, exceptSessionId?: string): Promise<void> {
  const notice: LiveNotice = {
    kind: 'revoked',
    userId,
    ...(exceptSessionId ? { exceptSessionKey: liveSessionKey(exceptSessionId) } : {}),
  };
  return notify(trx, LIVE_CHANNEL, JSON.stringify(notice));
}

/** Ends the streams of one session in every process (signed out). */
export function publishSessionEnded(db: Knex, sessionId: string): Promise<void> {
  const notice: LiveNotice = { kind: 'session-ended', sessionKey: liveSessionKey(sessionId) };
  return notify(db, LIVE_CHANNEL, JSON.stringify(notice));
}
