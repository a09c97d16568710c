// GET /api/admin/events: the live stream (Server-Sent Events) for signed-in staff. Behind the admin
// router's origin and session checks like every admin call. The stream ends when the session does:
// at once, in every process, when it is signed out, when the user's password is changed elsewhere or
// set by a link, or when the user is disabled; at the next heartbeat that finds it gone otherwise
// (expired).
import { isLiveEventFor, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from '@shine/shared/live';
import { liveOperations } from '@shine/shared/operations/live';
import { operationRouter } from '../http/route.ts';
import { API_ERRORS } from '@shine/shared/messages';
import type { Request, Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import { sessionUser } from '../http/auth-guard.ts';
import type { LiveStream } from './live-hub.ts';
import { liveHub, liveSessionKey } from './live.service.ts';

/** Streams one session may hold open in one process (a few windows of one browser). */
export const MAX_STREAMS_PER_SESSION = 6;
/**
 * Streams one user may hold open in one process, all sessions together: higher, so that a stolen
 * session holding its six cannot starve the user's other devices.
 */
export const MAX_STREAMS_PER_USER = 20;

const sessionAlive = (req: Request) =>
  new Promise<boolean>((resolve) => {
    req.sessionStore.get(req.sessionID, (err, session) => resolve(!err && Boolean(session?.userId)));
  });

export function liveRouter({ db }: Pick<AppDeps, 'db'>): Router {
  const { router, route } = operationRouter('/api/admin/events');

  route(liveOperations.openLiveStream, async (req, res) => {
    const user = sessionUser(req);
    const hub = liveHub(db);
    await hub.start();
    const sessionKey = liveSessionKey(req.sessionID);
    if (hub.streamsOfSession(sessionKey) >= MAX_STREAMS_PER_SESSION || hub.streamsOf(user.id) >= MAX_STREAMS_PER_USER) {
      throw new AppError(429, API_ERRORS.tooManyLiveStreams);
    }

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform: compression must not buffer the stream; X-Accel-Buffering: nor may a proxy.
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);

    let open = true;
    const write = (text: string) => {
      if (open) res.write(text);
    };
    const stream: LiveStream = {
      userId: user.id,
      sessionKey,
      send: (id, type, data) => write(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
      end: () => {
        if (!open) return;
        open = false;
        cleanup();
        res.end();
      },
    };

    write(`retry: ${LIVE_RETRY_MS}\n\n`);
    const lastId = req.get('last-event-id') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
    const missed = lastId ? hub.since(lastId) : [];
    const remove = hub.add(stream);
    for (const { id, event } of missed ?? []) {
      if (isLiveEventFor(event, stream.userId)) stream.send(id, event.type, event);
    }
    stream.send(undefined, missed === undefined ? 'resync' : 'ready', {
      resumed: Boolean(lastId) && missed !== undefined,
    });

    const heartbeat = setInterval(() => {
      void sessionAlive(req).then((alive) =>
        alive ? stream.send(undefined, 'heartbeat', { at: new Date().toISOString() }) : stream.end(),
      );
    }, LIVE_HEARTBEAT_MS);
    heartbeat.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      remove();
    };
    req.on('close', () => {
      open = false;
      cleanup();
    });
  });

  return router;
}
