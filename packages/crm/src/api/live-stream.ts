// The live stream (GET /api/admin/events): server events refresh exactly the cached reads they touch,
// and the stream's state decides whether reads poll (docs/requirements.md#crm-data: polling is the
// fallback while the stream is down). EventSource reconnects by itself and resumes with
// Last-Event-ID; when the server refuses (401, 429) it gives up, and this retries later while the
// reads poll.
import type { LiveEvent } from '@shine/shared/live';
import { LIVE_HEARTBEAT_MS } from '@shine/shared/live';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { EventSourceFactory } from './http.ts';
import { liveOperations } from '@shine/shared/operations/live';
import { urlOf } from './client.ts';
import {
  activitiesKey,
  auditKey,
  callsKey,
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
  shellCountsKey,
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
  'call.changed',
] as const;

/** After the server refused the stream, how long the reads poll before the stream is tried again. */
export const STREAM_RETRY_MS = 30_000;
/** Two heartbeats missed: the connection is dead even if the socket has not said so. */
export const STREAM_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;

/** A read on screen whose first answer is still on its way. */
const firstLoadOnScreen = (query: Query): boolean =>
  query.state.data === undefined && query.state.fetchStatus === 'fetching' && query.getObserversCount() > 0;

/**
 * Refreshes the cached reads under `queryKey`. A read on screen whose first answer is still on its
 * way was asked before the change, and TanStack Query hands that answer back to an invalidation
 * instead of asking again (it cancels only a refetch of data it already has); with the stream live,
 * nothing would ask later, and the change would stay unseen until the next event (a new lead missing
 * from a list that was still loading when it came). Such a read is cancelled first, then asked again.
 */
function refreshReads(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const loading = queryClient.getQueryCache().findAll({ queryKey, predicate: firstLoadOnScreen });
  if (loading.length === 0) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  void queryClient
    .cancelQueries({ queryKey, predicate: firstLoadOnScreen })
    .then(() => queryClient.invalidateQueries({ queryKey }));
}

/** The cached reads an event changes. */
export function readsChangedBy(event: LiveEvent): ReadonlyArray<readonly unknown[]> {
  // My Day reads over leads, replies, tasks and quotes: whatever changes one of them changes the day,
  // and acting on a lead reads the notifications about it; the shell's counts count all of them.
  const day = event.type === 'user.created' || event.type === 'user.changed' ? [] : [shellCountsKey];
  if (event.type !== 'held.created' && event.type !== 'user.created') day.push(myDayKey, notificationsKey);
  switch (event.type) {
    case 'lead.created':
      return [...day, leadsKey, statsKey, metricsKey, intakeKey];
    case 'lead.updated':
      // leadsKey covers the lists, the lead and its history (their keys start with it); the Team
      // section counts open leads per person, and the Audit view lists the change.
      return [...day, leadsKey, statsKey, metricsKey, teamUsersKey, auditKey];
    case 'activity.created':
    case 'activity.updated':
      return [
        ...day,
        leadActivitiesKey(event.leadId),
        activitiesKey,
        activitySummaryKey,
        metricsKey,
        leadKey(event.leadId),
      ];
    case 'message.created':
      // The lead and its thread (under its key), and the Inbox's unread replies.
      return [...day, leadKey(event.leadId), inboxKey];
    case 'notification.created':
      return day;
    case 'held.created':
      return [...day, heldKey, intakeKey];
    case 'call.changed':
      // The Calls list, and My Day's Call back items.
      return [...day, callsKey];
    case 'quote.accepted':
      // The lead (Won, its value), its quote versions (under its key) and its timeline.
      return [...day, leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey];
    case 'visits.changed':
      // The Schedule, the lead (Won, its booking under its key), the dashboard's figures and the timeline.
      return [...day, visitsKey, leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey];
    case 'user.created':
      // The people behind every name and picker: a lead assigned to someone missing from them reads
      // "(no longer active)".
      return [assigneesKey, teamUsersKey];
    case 'user.changed':
      // A new name shows on the leads assigned to them and in the audit trail too.
      return [assigneesKey, teamUsersKey, leadsKey, auditKey];
  }
  return day;
}

/** Refreshes the cached reads an event changes (only the ones on screen refetch at once). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  for (const key of readsChangedBy(event)) refreshReads(queryClient, key);
}

/**
 * A page's reads refresh at most once a window: the first change at once, and what changes while the
 * window lasts together at its end. A burst of events (an import, a series booked, a busy minute)
 * used to refetch every read on screen once per event.
 */
export const LIVE_REFRESH_WINDOW_MS = 1_000;

/** While a refresh waits for the window's end the page's root carries this attribute (tests wait it out). */
export const REFRESH_PENDING_ATTRIBUTE = 'data-live-refresh-pending';

export interface LiveRefresher {
  /** The reads an event changes: refreshed now, or with the others at the window's end. */
  add: (keys: ReadonlyArray<readonly unknown[]>) => void;
  stop: () => void;
}

export function createLiveRefresher(queryClient: QueryClient, windowMs = LIVE_REFRESH_WINDOW_MS): LiveRefresher {
  const pending = new Map<string, readonly unknown[]>();
  let lastRefreshAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const markPending = (waiting: boolean) => {
    if (typeof document !== 'undefined') document.documentElement.toggleAttribute(REFRESH_PENDING_ATTRIBUTE, waiting);
  };
  const refresh = (keys: Iterable<readonly unknown[]>) => {
    lastRefreshAt = Date.now();
    for (const key of keys) refreshReads(queryClient, key);
  };
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    markPending(false);
    refresh(keys);
  };
  return {
    add(keys) {
      const sinceLast = Date.now() - lastRefreshAt;
      if (timer === undefined && sinceLast >= windowMs) {
        refresh(keys);
        return;
      }
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (timer === undefined) {
        markPending(true);
        timer = setTimeout(flush, Math.max(0, windowMs - sinceLast));
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
      markPending(false);
    },
  };
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
  const refresher = createLiveRefresher(queryClient);

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
      if (event.type === 'resync' || (connectedBefore && !resumed)) refreshReads(queryClient, []);
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
        refresher.add(readsChangedBy(event));
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
    refresher.stop();
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    source?.close();
  };
}
