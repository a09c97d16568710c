import { describe, expect, it } from 'vitest';
import {
  type GateEvent,
  type GatePhase,
  INITIAL_GATE_PHASE,
  isCheckPending,
  probeHealth,
  reduceGate,
  retryDelaySeconds,
} from './connection-state.ts';

const SERVER = 'https://crm.example.com';
const run = (events: GateEvent[], from: GatePhase = INITIAL_GATE_PHASE) => events.reduce(reduceGate, from);
const ticks = (n: number): GateEvent[] => Array.from({ length: n }, () => ({ type: 'tick' }));

describe('reduceGate', () => {
  it('first run: no server → the setup screen, which cannot be cancelled', () => {
    expect(run([{ type: 'settings-loaded', serverUrl: null }])).toEqual({
      kind: 'setup',
      serverUrl: null,
      canCancel: false,
    });
    expect(run([{ type: 'settings-loaded', serverUrl: null }, { type: 'cancel-setup' }]).kind).toBe('setup');
  });

  it('setup saved → check → online', () => {
    const phase = run([
      { type: 'settings-loaded', serverUrl: null },
      { type: 'server-saved', serverUrl: SERVER },
    ]);
    expect(phase).toEqual({ kind: 'checking', serverUrl: SERVER, attempt: 1 });
    expect(isCheckPending(phase)).toBe(true);
    expect(reduceGate(phase, { type: 'health-ok' })).toEqual({ kind: 'online', serverUrl: SERVER, outage: null });
  });

  it('server down at start → offline, counting down to an automatic retry', () => {
    const offline = run([
      { type: 'settings-loaded', serverUrl: SERVER },
      { type: 'health-failed', message: 'Nothing is answering.' },
    ]);
    expect(offline).toEqual({
      kind: 'offline',
      serverUrl: SERVER,
      message: 'Nothing is answering.',
      attempt: 1,
      retryIn: retryDelaySeconds(1),
    });
    expect(isCheckPending(offline)).toBe(false);
    const retrying = run(ticks(retryDelaySeconds(1)), offline);
    expect(retrying).toEqual({ kind: 'checking', serverUrl: SERVER, attempt: 2 });
    const again = reduceGate(retrying, { type: 'health-failed', message: 'Still nothing.' });
    expect(again).toMatchObject({ kind: 'offline', attempt: 2, retryIn: retryDelaySeconds(2) });
    expect(reduceGate(again, { type: 'retry-now' })).toEqual({ kind: 'checking', serverUrl: SERVER, attempt: 3 });
  });

  it('backs off, then retries every 30 s for as long as it takes', () => {
    expect([1, 2, 3, 4, 5, 50].map(retryDelaySeconds)).toEqual([3, 5, 10, 20, 30, 30]);
  });

  it('offline → change server → cancel returns to checking the old one', () => {
    const offline = run([
      { type: 'settings-loaded', serverUrl: SERVER },
      { type: 'health-failed', message: 'x' },
    ]);
    const setup = reduceGate(offline, { type: 'open-setup' });
    expect(setup).toEqual({ kind: 'setup', serverUrl: SERVER, canCancel: true });
    expect(reduceGate(setup, { type: 'cancel-setup' })).toEqual({ kind: 'checking', serverUrl: SERVER, attempt: 1 });
  });

  it('once online, the CRM stays mounted: an outage becomes a banner that rechecks and counts down', () => {
    const online: GatePhase = { kind: 'online', serverUrl: SERVER, outage: null };
    const lost = reduceGate(online, { type: 'server-unreachable', message: 'Connection lost.' });
    expect(lost).toEqual({
      kind: 'online',
      serverUrl: SERVER,
      outage: { message: 'Connection lost.', attempt: 0, retryIn: 0, checking: true },
    });
    expect(isCheckPending(lost)).toBe(true);

    const stillDown = reduceGate(lost, { type: 'health-failed', message: 'Nothing is answering.' });
    expect(stillDown).toMatchObject({
      kind: 'online',
      outage: { message: 'Nothing is answering.', attempt: 1, retryIn: retryDelaySeconds(1), checking: false },
    });
    expect(isCheckPending(stillDown)).toBe(false);

    const due = run(ticks(retryDelaySeconds(1)), stillDown);
    expect(due).toMatchObject({ kind: 'online', outage: { checking: true } });
    expect(reduceGate(due, { type: 'health-ok' })).toEqual(online);
  });

  it('ignores repeated outage reports while one is being handled', () => {
    const lost = run([{ type: 'server-unreachable', message: 'a' }], {
      kind: 'online',
      serverUrl: SERVER,
      outage: null,
    });
    expect(reduceGate(lost, { type: 'server-unreachable', message: 'b' })).toBe(lost);
  });

  it('does not let the menu’s Settings… replace the running CRM (the CRM handles it)', () => {
    const online: GatePhase = { kind: 'online', serverUrl: SERVER, outage: null };
    expect(reduceGate(online, { type: 'open-setup' })).toBe(online);
    expect(reduceGate(online, { type: 'server-saved', serverUrl: 'https://other.example.com' })).toBe(online);
  });

  it('ignores late settings once started', () => {
    const setup = run([{ type: 'settings-loaded', serverUrl: null }]);
    expect(reduceGate(setup, { type: 'settings-loaded', serverUrl: SERVER })).toBe(setup);
  });
});

describe('probeHealth', () => {
  const answering = (status: number, body: unknown) =>
    (async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('asks /api/health, uncached, and accepts { ok: true }', async () => {
    let seen: [unknown, RequestInit | undefined] | undefined;
    const fetchFn = (async (input: unknown, init?: RequestInit) => {
      seen = [input, init];
      return new Response('{"ok":true,"db":"up"}', { status: 200 });
    }) as typeof fetch;
    expect(await probeHealth(fetchFn)).toEqual({ ok: true });
    expect(seen?.[0]).toBe('/api/health');
    expect(seen?.[1]?.cache).toBe('no-store');
  });

  it('shows the app protocol’s sentence when the server cannot be reached', async () => {
    expect(await probeHealth(answering(502, { message: 'Nothing is answering at https://crm.example.com.' }))).toEqual({
      ok: false,
      message: 'Nothing is answering at https://crm.example.com.',
    });
  });

  it('explains a database outage and other failures', async () => {
    expect(await probeHealth(answering(503, { ok: false, db: 'down' }))).toEqual({
      ok: false,
      message: 'The server is running, but its database is unavailable.',
    });
    expect(await probeHealth(answering(500, 'Internal error'))).toEqual({
      ok: false,
      message: 'The server answered with an error (HTTP 500).',
    });
    expect(await probeHealth(answering(200, { ok: false }))).toMatchObject({ ok: false });
  });

  it('survives fetch itself throwing', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeHealth(failing)).toMatchObject({ ok: false });
  });
});
