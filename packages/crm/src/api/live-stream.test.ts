import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyLiveEvent,
  LIVE_REFRESH_WINDOW_MS,
  type LiveStatus,
  REFRESH_PENDING_ATTRIBUTE,
  STREAM_RETRY_MS,
  STREAM_SILENCE_MS,
  startLiveStream,
} from './live-stream.ts';
import { liveOperations } from '@shine/shared/operations/live';
import {
  assigneesKey,
  auditKey,
  inboxKey,
  leadActivitiesKey,
  leadKey,
  leadListKey,
  leadMessagesKey,
  metricsKey,
  statsKey,
  teamUsersKey,
  templatesKey,
} from './query-keys.ts';

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeEventSource extends EventTarget {
  readyState = 1;
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.();
  }
}

function seeded(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of [
    leadListKey({ page: 1 }),
    leadKey('a'),
    statsKey,
    metricsKey,
    templatesKey,
    leadActivitiesKey('a'),
    leadMessagesKey('a'),
    leadMessagesKey('b'),
    inboxKey,
    assigneesKey,
    teamUsersKey,
    auditKey,
  ]) {
    client.setQueryData(key, { seeded: true });
  }
  return client;
}
const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

describe('applyLiveEvent', () => {
  it('a new lead refreshes the lists and the figures, not the templates', () => {
    const client = seeded();
    applyLiveEvent(client, { type: 'lead.created', leadId: 'b' });
    expect(invalidated(client)).toEqual(expect.arrayContaining([leadListKey({ page: 1 }), statsKey, metricsKey]));
    expect(invalidated(client)).not.toContainEqual(templatesKey);
    expect(invalidated(client)).not.toContainEqual(leadActivitiesKey('a'));
  });

  it("an activity refreshes that lead's activities and the lead", () => {
    const client = seeded();
    applyLiveEvent(client, { type: 'activity.created', leadId: 'a', activityId: 'x' });
    expect(invalidated(client)).toEqual(expect.arrayContaining([leadActivitiesKey('a'), leadKey('a'), metricsKey]));
    expect(invalidated(client)).not.toContainEqual(templatesKey);
  });

  it("a message refreshes that lead's thread and the Inbox, not another lead's thread", () => {
    const client = seeded();
    applyLiveEvent(client, { type: 'message.created', leadId: 'a', messageId: 'x' });
    expect(invalidated(client)).toEqual(expect.arrayContaining([leadMessagesKey('a'), inboxKey]));
    expect(invalidated(client)).not.toContainEqual(leadMessagesKey('b'));
    expect(invalidated(client)).not.toContainEqual(templatesKey);
  });

  it('a person added refreshes the people behind names and pickers, not the leads', () => {
    const client = seeded();
    applyLiveEvent(client, { type: 'user.created', userId: 'u' });
    expect(invalidated(client)).toEqual(expect.arrayContaining([assigneesKey, teamUsersKey]));
    expect(invalidated(client)).not.toContainEqual(leadListKey({ page: 1 }));
  });

  it('a list on screen whose first answer is on its way is asked again, and shows the lead the event announced', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const answers: Array<(leads: string[]) => void> = [];
    const observer = new QueryObserver<string[]>(client, {
      queryKey: leadListKey({ page: 1 }),
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const shown: Array<string[] | undefined> = [];
    const stop = observer.subscribe((result) => shown.push(result.data));
    expect(answers).toHaveLength(1); // the first load, asked before the lead was made

    applyLiveEvent(client, { type: 'lead.created', leadId: 'new' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.(['old']); // the first load's answer arrives late: it no longer counts
    answers[1]?.(['new', 'old']);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['new', 'old']));
    expect(shown).not.toContainEqual(['old']);
    stop();
  });

  it('a read nobody shows keeps its first load: a prefetch in flight is not cancelled', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    let answer: (lead: string) => void = () => {};
    const prefetched = client.fetchQuery({
      queryKey: leadKey('new'),
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    applyLiveEvent(client, { type: 'lead.updated', leadId: 'new', changes: ['status'] });
    answer('the lead');
    await expect(prefetched).resolves.toBe('the lead');
  });

  it('a person changed refreshes the people, the leads showing their name and the audit trail', () => {
    const client = seeded();
    applyLiveEvent(client, { type: 'user.changed', userId: 'u' });
    expect(invalidated(client)).toEqual(
      expect.arrayContaining([assigneesKey, teamUsersKey, leadListKey({ page: 1 }), auditKey]),
    );
    expect(invalidated(client)).not.toContainEqual(templatesKey);
  });
});

describe('startLiveStream', () => {
  let sources: FakeEventSource[];
  let statuses: LiveStatus[];
  const open = (url: string) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source as unknown as EventSource;
  };
  const latest = () => sources.at(-1) as FakeEventSource;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    statuses = [];
  });
  afterEach(() => vi.useRealTimers());

  it('is live once the server says it listens, and hands change events to the cache and the listener', () => {
    const client = seeded();
    const heard: unknown[] = [];
    const stop = startLiveStream({
      queryClient: client,
      open,
      onStatus: (s) => statuses.push(s),
      onEvent: (e) => heard.push(e),
    });
    expect(latest().url).toBe(liveOperations.openLiveStream.path);
    expect(statuses).toEqual(['connecting']);
    latest().emit('ready', { resumed: false });
    expect(statuses.at(-1)).toBe('live');
    expect(invalidated(client)).toEqual([]);
    latest().emit('lead.updated', { type: 'lead.updated', leadId: 'a', changes: ['status'] });
    expect(heard).toEqual([{ type: 'lead.updated', leadId: 'a', changes: ['status'] }]);
    expect(invalidated(client)).toContainEqual(leadKey('a'));
    stop();
    expect(latest().closed).toBe(true);
  });

  it('listens for the events of people added or changed', () => {
    const client = seeded();
    const stop = startLiveStream({ queryClient: client, open, onStatus: (s) => statuses.push(s) });
    latest().emit('ready', { resumed: false });
    latest().emit('user.created', { type: 'user.created', userId: 'u' });
    expect(invalidated(client)).toEqual([assigneesKey, teamUsersKey]);
    stop();
  });

  it('says reconnecting while EventSource retries, and refetches everything when the server could not replay', () => {
    const client = seeded();
    startLiveStream({ queryClient: client, open, onStatus: (s) => statuses.push(s) });
    latest().emit('ready', { resumed: false });
    latest().fail(false);
    expect(statuses.at(-1)).toBe('reconnecting');
    latest().emit('resync', { resumed: false });
    expect(statuses.at(-1)).toBe('live');
    expect(invalidated(client)).toContainEqual(templatesKey);
  });

  it('polls when the server refuses the stream, and tries it again later', () => {
    startLiveStream({ queryClient: seeded(), open, onStatus: (s) => statuses.push(s) });
    latest().fail(true);
    expect(statuses.at(-1)).toBe('polling');
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(sources).toHaveLength(2);
    latest().emit('ready', { resumed: false });
    expect(statuses.at(-1)).toBe('live');
  });

  it('drops a connection that has been silent for two heartbeats and opens a fresh one', () => {
    startLiveStream({ queryClient: seeded(), open, onStatus: (s) => statuses.push(s) });
    latest().emit('ready', { resumed: false });
    vi.advanceTimersByTime(STREAM_SILENCE_MS - 1_000);
    latest().emit('heartbeat', { at: 'now' });
    vi.advanceTimersByTime(STREAM_SILENCE_MS - 1_000);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(sources[0]?.closed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('without EventSource, the reads simply poll', () => {
    startLiveStream({ queryClient: seeded(), open: () => undefined, onStatus: (s) => statuses.push(s) });
    expect(statuses).toEqual(['connecting', 'polling']);
  });
  it('a burst of events refreshes each read on screen at most twice: at once, then once at the window’s end', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    let asked = 0;
    const observer = new QueryObserver<number>(client, {
      queryKey: leadListKey({ page: 1 }),
      queryFn: () => Promise.resolve(++asked),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    const stop = startLiveStream({ queryClient: client, open, onStatus: (s) => statuses.push(s) });
    latest().emit('ready', { resumed: false });

    // 20 new leads within a second (an import), one every 45 ms.
    for (let i = 0; i < 20; i++) {
      latest().emit('lead.created', { type: 'lead.created', leadId: `lead-${i}` });
      await vi.advanceTimersByTimeAsync(45);
    }
    expect(document.documentElement.hasAttribute(REFRESH_PENDING_ATTRIBUTE)).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_WINDOW_MS);
    expect(document.documentElement.hasAttribute(REFRESH_PENDING_ATTRIBUTE)).toBe(false);
    // The first load, the burst's first event at once, the rest together once.
    expect(asked).toBe(3);
    expect(observer.getCurrentResult().data).toBe(3);

    // A lone event later is not held back.
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_WINDOW_MS);
    latest().emit('lead.created', { type: 'lead.created', leadId: 'later' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(4);
    stop();
    unsubscribe();
  });
});
