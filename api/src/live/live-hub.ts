// One hub per database handle (per process): it listens on the live channel, keeps the last few
// minutes of events for Last-Event-ID resumption, and writes each event to the open streams. Every
// process hears every committed event in commit order, so the buffers agree and a client may resume
// on any process; an id the buffer does not hold (too old, or before this process started, or lost
// in a gap of the listening connection) answers `resync`, and the client refetches.
import { isLiveEventFor, type LiveEvent } from '@shine/shared/live';
import type { Knex } from 'knex';
import { listen } from '../db/listen-notify.ts';

export const LIVE_CHANNEL = 'shine_live';
/** How far back a reconnecting client may resume. */
const BUFFER_MS = 5 * 60_000;
const BUFFER_MAX = 2_000;

/**
 * A payload on the live channel: an event for the streams; "this user's sessions ended" (all, or all
 * but the one that changed the password); or "this session ended" (signed out). Sessions are named by
 * a hash of their id (liveSessionKey), never the id itself.
 */
export type LiveNotice =
  | { kind: 'event'; id: string; event: LiveEvent }
  | { kind: 'revoked'; userId: string; exceptSessionKey?: string }
  | { kind: 'session-ended'; sessionKey: string };

export interface LiveStream {
  userId: string;
  /** The session the stream was opened by (liveSessionKey of its id). */
  sessionKey: string;
  send: (id: string | undefined, type: string, data: unknown) => void;
  end: () => void;
}

interface Buffered {
  id: string;
  at: number;
  event: LiveEvent;
}

export class LiveHub {
  private readonly buffer: Buffered[] = [];
  private readonly streams = new Set<LiveStream>();
  private started: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  private readonly db: Knex;
  private readonly clock: () => number;

  constructor(db: Knex, clock: () => number = Date.now) {
    this.db = db;
    this.clock = clock;
  }

  /** Listens from now on (once); resolves when signals committed after it will be heard. */
  start(): Promise<void> {
    this.started ??= listen(this.db, LIVE_CHANNEL, (payload) => this.receive(payload), {
      onGap: () => this.gap(),
    }).then((stop) => {
      this.stopListening = stop;
    });
    return this.started;
  }

  add(stream: LiveStream): () => void {
    this.streams.add(stream);
    return () => {
      this.streams.delete(stream);
    };
  }

  streamsOf(userId: string): number {
    let count = 0;
    for (const stream of this.streams) if (stream.userId === userId) count++;
    return count;
  }

  streamsOfSession(sessionKey: string): number {
    let count = 0;
    for (const stream of this.streams) if (stream.sessionKey === sessionKey) count++;
    return count;
  }

  /** The events after `lastId`, or undefined when the buffer does not hold it (the client must resync). */
  since(lastId: string): Array<{ id: string; event: LiveEvent }> | undefined {
    this.trim();
    const at = this.buffer.findIndex((item) => item.id === lastId);
    return at < 0 ? undefined : this.buffer.slice(at + 1);
  }

  async close(): Promise<void> {
    for (const stream of [...this.streams]) stream.end();
    this.streams.clear();
    await this.stopListening?.();
    this.started = undefined;
  }

  private receive(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    if (notice.kind === 'revoked') {
      for (const stream of [...this.streams]) {
        if (stream.userId === notice.userId && stream.sessionKey !== notice.exceptSessionKey) stream.end();
      }
      return;
    }
    if (notice.kind === 'session-ended') {
      for (const stream of [...this.streams]) if (stream.sessionKey === notice.sessionKey) stream.end();
      return;
    }
    this.buffer.push({ id: notice.id, at: this.clock(), event: notice.event });
    this.trim();
    for (const stream of this.streams) {
      if (isLiveEventFor(notice.event, stream.userId)) stream.send(notice.id, notice.event.type, notice.event);
    }
  }

  /** The listening connection was lost: what happened meanwhile is unknown to every stream. */
  private gap(): void {
    this.buffer.length = 0;
    for (const stream of this.streams) stream.send(undefined, 'resync', { reason: 'gap' });
  }

  private trim(): void {
    const oldest = this.clock() - BUFFER_MS;
    let drop = Math.max(0, this.buffer.length - BUFFER_MAX);
    while (drop < this.buffer.length && (this.buffer[drop] as Buffered).at < oldest) drop++;
    if (drop > 0) this.buffer.splice(0, drop);
  }
}
