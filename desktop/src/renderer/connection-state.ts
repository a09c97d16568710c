import { publicOperations } from '@shine/shared/operations/public';

/**
 * The connection gate in front of the CRM, as a pure state machine (the component only wires timers
 * and the bridge to it). Phases:
 * - loading: reading the stored settings;
 * - setup: no server yet (first run), or staff asked to change it before the CRM is up;
 * - checking → online | offline: the start-up health check through the app's own `/api/health`;
 * - online: the CRM is mounted. It is never unmounted again; when the server drops out, an `outage`
 *   banner counts down to the next retry instead, so nothing staff typed is lost.
 */
export type GatePhase =
  | { kind: 'loading' }
  | { kind: 'setup'; serverUrl: string | null; canCancel: boolean }
  | { kind: 'checking'; serverUrl: string; attempt: number }
  | { kind: 'offline'; serverUrl: string; message: string; attempt: number; retryIn: number }
  | { kind: 'online'; serverUrl: string; outage: Outage | null };

export interface Outage {
  message: string;
  attempt: number;
  retryIn: number;
  checking: boolean;
}

export type GateEvent =
  | { type: 'settings-loaded'; serverUrl: string | null }
  | { type: 'health-ok' }
  | { type: 'health-failed'; message: string }
  | { type: 'tick' }
  | { type: 'retry-now' }
  | { type: 'server-unreachable'; message: string }
  | { type: 'open-setup' }
  | { type: 'cancel-setup' }
  | { type: 'server-saved'; serverUrl: string };

/** Seconds before retry number `attempt` (1-based): quick at first, then every 30 s. */
export function retryDelaySeconds(attempt: number): number {
  const delays = [3, 5, 10, 20];
  return delays[attempt - 1] ?? 30;
}

export const INITIAL_GATE_PHASE: GatePhase = { kind: 'loading' };

export function reduceGate(phase: GatePhase, event: GateEvent): GatePhase {
  switch (event.type) {
    case 'settings-loaded':
      if (phase.kind !== 'loading') return phase;
      return event.serverUrl === null
        ? { kind: 'setup', serverUrl: null, canCancel: false }
        : { kind: 'checking', serverUrl: event.serverUrl, attempt: 1 };

    case 'server-saved':
      if (phase.kind === 'online') return phase;
      return { kind: 'checking', serverUrl: event.serverUrl, attempt: 1 };

    case 'open-setup':
      if (phase.kind === 'offline' || phase.kind === 'checking') {
        return { kind: 'setup', serverUrl: phase.serverUrl, canCancel: true };
      }
      return phase;

    case 'cancel-setup':
      if (phase.kind !== 'setup' || !phase.canCancel || phase.serverUrl === null) return phase;
      return { kind: 'checking', serverUrl: phase.serverUrl, attempt: 1 };

    case 'health-ok':
      if (phase.kind === 'checking') return { kind: 'online', serverUrl: phase.serverUrl, outage: null };
      if (phase.kind === 'online' && phase.outage) return { ...phase, outage: null };
      return phase;

    case 'health-failed':
      if (phase.kind === 'checking') {
        return {
          kind: 'offline',
          serverUrl: phase.serverUrl,
          message: event.message,
          attempt: phase.attempt,
          retryIn: retryDelaySeconds(phase.attempt),
        };
      }
      if (phase.kind === 'online' && phase.outage) {
        const attempt = phase.outage.attempt + 1;
        return {
          ...phase,
          outage: { message: event.message, attempt, retryIn: retryDelaySeconds(attempt), checking: false },
        };
      }
      return phase;

    case 'server-unreachable':
      // Reported by the main process when a forwarded request failed. Check at once (it may have been a
      // blip); a countdown already running continues undisturbed.
      if (phase.kind !== 'online' || phase.outage) return phase;
      return { ...phase, outage: { message: event.message, attempt: 0, retryIn: 0, checking: true } };

    case 'tick':
      if (phase.kind === 'offline') {
        return phase.retryIn > 1
          ? { ...phase, retryIn: phase.retryIn - 1 }
          : { kind: 'checking', serverUrl: phase.serverUrl, attempt: phase.attempt + 1 };
      }
      if (phase.kind === 'online' && phase.outage && !phase.outage.checking) {
        return phase.outage.retryIn > 1
          ? { ...phase, outage: { ...phase.outage, retryIn: phase.outage.retryIn - 1 } }
          : { ...phase, outage: { ...phase.outage, retryIn: 0, checking: true } };
      }
      return phase;

    case 'retry-now':
      if (phase.kind === 'offline') return { kind: 'checking', serverUrl: phase.serverUrl, attempt: phase.attempt + 1 };
      if (phase.kind === 'online' && phase.outage && !phase.outage.checking) {
        return { ...phase, outage: { ...phase.outage, retryIn: 0, checking: true } };
      }
      return phase;
  }
}

/** True while the gate wants a health check made (the component runs one per entry into this state). */
export function isCheckPending(phase: GatePhase): boolean {
  return phase.kind === 'checking' || (phase.kind === 'online' && phase.outage?.checking === true);
}

export type HealthOutcome = { ok: true } | { ok: false; message: string };

/**
 * GET /api/health through the app protocol, i.e. exactly the path the CRM's own calls take. The
 * protocol answers 502/504 with a sentence when the server cannot be reached; the server itself
 * answers 503 when its database is down.
 */
export async function probeHealth(fetchFn: typeof fetch): Promise<HealthOutcome> {
  let response: Response;
  try {
    response = await fetchFn(publicOperations.getHealth.path, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: false, message: 'The app could not make the request. Try again.' };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok && record.ok === true) return { ok: true };
  if (typeof record.message === 'string' && record.message) return { ok: false, message: record.message };
  if (response.status === 503) return { ok: false, message: 'The server is running, but its database is unavailable.' };
  return { ok: false, message: `The server answered with an error (HTTP ${response.status}).` };
}
