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

/** Refreshes the cached reads an event changes (only the ones on screen refetch at once). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const refresh = (queryKey: readonly unknown[]) => refreshReads(queryClient, queryKey);
  // My Day reads over leads, replies, tasks and quotes: whatever changes one of them changes the day,
  // and acting on a lead reads the notifications about it.
  if (event.type !== 'held.created' && event.type !== 'user.created') {
    refresh(myDayKey);
    refresh(notificationsKey);
  }
  switch (event.type) {
    case 'lead.created':
      for (const key of [leadsKey, statsKey, metricsKey, intakeKey]) refresh(key);
      return;
    case 'lead.updated':
      // leadsKey covers the lists, the lead and its history (their keys start with it); the Team
      // section counts open leads per person, and the Audit view lists the change.
      for (const key of [leadsKey, statsKey, metricsKey, teamUsersKey, auditKey]) refresh(key);
      return;
    case 'activity.created':
    case 'activity.updated':
      for (const key of [leadActivitiesKey(event.leadId), activitiesKey, activitySummaryKey, metricsKey]) refresh(key);
      refresh(leadKey(event.leadId));
      return;
    case 'message.created':
      // The lead and its thread (under its key), and the Inbox's unread replies.
      for (const key of [leadKey(event.leadId), inboxKey]) refresh(key);
      return;
    case 'notification.created':
      return;
    case 'held.created':
      for (const key of [heldKey, intakeKey]) refresh(key);
      return;
    case 'quote.accepted':
      // The lead (Won, its value), its quote versions (under its key) and its timeline.
      for (const key of [leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey]) refresh(key);
      return;
    case 'visits.changed':
      // The Schedule, the lead (Won, its booking under its key), the dashboard's figures and the timeline.
      for (const key of [visitsKey, leadsKey, statsKey, metricsKey, leadActivitiesKey(event.leadId), activitiesKey])
        refresh(key);
      return;
    case 'user.created':
      // The people behind every name and picker: a lead assigned to someone missing from them reads
      // "(no longer active)".
      for (const key of [assigneesKey, teamUsersKey]) refresh(key);
      return;
    case 'user.changed':
      // A new name shows on the leads assigned to them and in the audit trail too.
      for (const key of [assigneesKey, teamUsersKey, leadsKey, auditKey]) refresh(key);
      return;
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
        applyLiveEvent(queryClient, event);
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
    source?.close();
  };
}
