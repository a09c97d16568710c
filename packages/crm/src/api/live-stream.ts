// The live stream (GET /api/admin/events): server events refresh exactly the cached reads they touch,
// and the stream's state decides whether reads poll (docs/requirements.md#crm-data: polling is the
// fallback while the stream is down). EventSource reconnects by itself and resumes with
// Last-Event-ID; when the server refuses (401, 429) it gives up, and this retries later while the
// reads poll.
import type { LiveEvent } from '@shine/shared/live';
import { LIVE_HEARTBEAT_MS } from '@shine/shared/live';
import type { QueryClient } from '@tanstack/react-query';
import type { EventSourceFactory } from './http.ts';
import { liveOperations } from '@shine/shared/operations/live';
import { urlOf } from './client.ts';
import {
  activitiesKey,
  auditKey,
  activitySummaryKey,
  heldKey,
  inboxKey,
  intakeKey,
  leadActivitiesKey,
  leadKey,
  leadsKey,
  metricsKey,
  statsKey,
  teamUsersKey,
  assigneesKey,
  visitsKey,
  myDayKey,
  notificationsKey,
} from './query-keys.ts';

/** connecting: first attempt; live: open; reconnecting: lost, EventSource retrying; polling: given up for now. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'polling';

export const LIVE_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'activity.created',
  'activity.updated',
  'message.created',
  'held.created',
  'quote.accepted',
  'visits.changed',
  'user.created',
  'user.changed',
  'notification.created',
] as const;

/** After the server refused the stream, how long the reads poll before the stream is tried again. */
export const STREAM_RETRY_MS = 30_000;
/** Two heartbeats missed: the connection is dead even if the socket has not said so. */
export const STREAM_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;

/**
 * Events closer together than this (a burst of new leads, a bulk assignment) refresh each read once
 * more when the burst has passed, not once per event: the first event of a quiet spell refreshes at
 * once, the rest of the window's are gathered and refreshed together at its end.
 */
export const LIVE_REFRESH_WINDOW_MS = 500;

/** The cached reads an event changes (a key covers every read under it; only those on screen refetch). */
export function liveEventKeys(event: LiveEvent): Array<readonly unknown[]> {
  // My Day reads over leads, replies, tasks and quotes: whatever changes one of them changes the day,
  // and acting on a lead reads the notifications about it.
  const day = event.type === 'held.created' || event.type === 'user.created' ? [] : [myDayKey, notificationsKey];
  return [...day, ...readsChangedBy(event)];
}

function readsChangedBy(event: LiveEvent): Array<readonly unknown[]> {
  switch (event.type) {
    case 'lead.created':
      return [leadsKey, statsKey, metricsKey, intakeKey];
    case 'lead.updated':
      // leadsKey covers the lists, the lead and its history (their keys start with it); the Team
      // section counts open leads per person, and the Audit view lists the change.
      return [leadsKey, statsKey, metricsKey, teamUsersKey, auditKey];
    case 'activity.created':
    case 'activity.updated':
      return [leadActivitiesKey(event.leadId), activitiesKey, activitySummaryKey, metricsKey, leadKey(event.leadId)];
    case 'message.created':
      // The lead and its thread (under its key), and the Inbox's unread replies.
      return [leadKey(event.leadId), inboxKey];
    case 'notification.created':
      return [];
    case 'held.created':
      return [heldKey, intakeKey];
    case 'quote.accepted':
      // The lead (Won, its value), its quote versions (under its key) and its timeline.
      return [leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey];
    case 'visits.changed':
      // The Schedule, the lead (Won, its booking under its key), the dashboard's figures and the timeline.
      return [visitsKey, leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey];
    case 'user.created':
      // The people behind every name and picker: a lead assigned to someone missing from them reads
      // "(no longer active)".
      return [assigneesKey, teamUsersKey];
    case 'user.changed':
      // A new name shows on the leads assigned to them and in the audit trail too.
      return [assigneesKey, teamUsersKey, leadsKey, auditKey];
  }
}

export interface LiveStreamOptions {
  queryClient: QueryClient;
  open: EventSourceFactory;
  onStatus: (status: LiveStatus) => void;
  /** Every change event, after the cache has been told (new-lead alerts listen here). */
  onEvent?: (event: LiveEvent) => void;
}

/** EventSource.CLOSED, which a test's stand-in may not define. */
const CLOSED = 2;

/** Starts the stream; answers how to stop it. */
export function startLiveStream({ queryClient, open, onStatus, onEvent }: LiveStreamOptions): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  let stopped = false;
  const refresher = coalescedRefresh(queryClient);

  const watchSilence = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => {
      // Quiet for too long: drop the connection and start a fresh one (which resyncs).
      source?.close();
      onStatus('reconnecting');
      connect();
    }, STREAM_SILENCE_MS);
  };

  const connect = () => {
    if (stopped) return;
    const next = open(urlOf(liveOperations.openLiveStream));
    if (!next) {
      onStatus('polling'); // no EventSource here (an old browser): the reads poll, as before
      return;
    }
    source = next;
    watchSilence();
    const opened = (event: MessageEvent<string>) => {
      const { resumed } = JSON.parse(event.data) as { resumed?: boolean };
      // A fresh connection after an outage, or a server that could not replay: what is shown may be stale.
      if (event.type === 'resync' || (connectedBefore && !resumed)) void queryClient.invalidateQueries();
      connectedBefore = true;
      onStatus('live');
      watchSilence();
    };
    next.addEventListener('ready', opened);
    next.addEventListener('resync', opened);
    next.addEventListener('heartbeat', watchSilence);
    for (const type of LIVE_EVENT_TYPES) {
      next.addEventListener(type, (message) => {
        watchSilence();
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
        refresher.refresh(liveEventKeys(event));
        onEvent?.(event);
      });
    }
    next.onerror = () => {
      if (next !== source) return;
      if (next.readyState !== CLOSED) {
        onStatus('reconnecting');
        return;
      }
      // Refused (signed out, too many windows, a proxy in the way): poll, and try again later.
      clearTimeout(silenceTimer);
      onStatus('polling');
      retryTimer = setTimeout(connect, STREAM_RETRY_MS);
    };
  };

  onStatus('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    refresher.stop();
    source?.close();
  };
}

/**
 * Invalidates keys at once when nothing was refreshed in the last LIVE_REFRESH_WINDOW_MS, else
 * gathers them (each once) for the window's end; a window that gathered keys opens the next one, so
 * a steady stream of events refreshes each read at most once per window.
 */
function coalescedRefresh(queryClient: QueryClient) {
  const gathered = new Map<string, readonly unknown[]>();
  let window: ReturnType<typeof setTimeout> | undefined;
  const invalidate = (keys: Iterable<readonly unknown[]>) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const closeWindow = () => {
    window = undefined;
    if (gathered.size === 0) return;
    const keys = [...gathered.values()];
    gathered.clear();
    invalidate(keys);
    window = setTimeout(closeWindow, LIVE_REFRESH_WINDOW_MS);
  };
  return {
    refresh(keys: Array<readonly unknown[]>) {
      if (window === undefined) {
        invalidate(keys);
        window = setTimeout(closeWindow, LIVE_REFRESH_WINDOW_MS);
        return;
      }
      for (const key of keys) gathered.set(JSON.stringify(key), key);
    },
    stop() {
      clearTimeout(window);
      gathered.clear();
    },
  };
}
