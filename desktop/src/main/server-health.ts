import { publicOperations } from '@shine/shared/operations/public';
import type { DesktopResult } from '../common/bridge.ts';
import { z } from 'zod';

/** The fetch the check uses: in the app, the persistent session's `fetch` (same proxy and TLS settings as the forwarding). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const HEALTH_PATH = publicOperations.getHealth.path;
export const HEALTH_TIMEOUT_MS = 8_000;

// docs/requirements.md#api-additions: GET /api/health → 200 { ok: true, db: "up" }, or 503 when the database is unreachable.
const healthBodySchema = z.object({ ok: z.boolean() });

/**
 * Asks `{serverUrl}/api/health` whether a Shine server answers there, and turns every way it can fail
 * into one sentence staff can act on. Redirects are refused: the app forwards to exactly the stored origin.
 */
export async function checkServerHealth(
  serverUrl: string,
  fetchFn: FetchLike,
  timeoutMs: number = HEALTH_TIMEOUT_MS,
): Promise<DesktopResult> {
  let response: Response;
  try {
    response = await fetchFn(`${serverUrl}${HEALTH_PATH}`, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'error',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, message: describeNetworkError(serverUrl, error, timeoutMs) };
  }

  const body = await response.json().catch(() => undefined);
  const parsed = healthBodySchema.safeParse(body);
  if (response.status === 503 && parsed.success) {
    return { ok: false, message: 'The server answered, but its database is unavailable. Try again in a moment.' };
  }
  if (!response.ok || !parsed.success) {
    return {
      ok: false,
      message: `${serverUrl} answered, but not like a Lone Star Shine server (GET ${HEALTH_PATH} returned ${response.status}). Check the address.`,
    };
  }
  if (!parsed.data.ok) return { ok: false, message: 'The server reports a problem. Try again in a moment.' };
  return { ok: true };
}

/** Chromium's network errors ("net::ERR_NAME_NOT_RESOLVED") and fetch's own, in plain words. */
export function describeNetworkError(serverUrl: string, error: unknown, timeoutMs: number = HEALTH_TIMEOUT_MS): string {
  const name = error instanceof Error ? error.name : '';
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `${serverUrl} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`;
  }
  if (/redirect/i.test(text)) {
    return `${serverUrl} redirects to another address. Enter the address it redirects to (often the https:// one).`;
  }
  if (/ERR_NAME_NOT_RESOLVED|ENOTFOUND|EAI_AGAIN/.test(text)) {
    return `The server name in ${serverUrl} cannot be found. Check the spelling and your internet connection.`;
  }
  if (/ERR_CERT_|CERT_|self[- ]signed|UNABLE_TO_VERIFY/i.test(text)) {
    return `The HTTPS certificate of ${serverUrl} is not trusted, so the app will not send anything there.`;
  }
  if (/ERR_SSL_|SSL|TLS|EPROTO/i.test(text)) {
    return `${serverUrl} did not answer over HTTPS. If the server has no HTTPS on your local network, use http:// instead.`;
  }
  if (/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED/.test(text)) {
    return 'This computer is offline. Check the internet connection.';
  }
  if (/ERR_CONNECTION_REFUSED|ECONNREFUSED/.test(text)) {
    return `Nothing is answering at ${serverUrl}. Is the server running, and is the port right?`;
  }
  return `Cannot reach ${serverUrl}. Check the address and the internet connection.`;
}
