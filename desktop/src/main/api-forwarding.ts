import type { FetchLike } from './server-health.ts';
import { describeNetworkError } from './server-health.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and must not cross a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers the forwarder drops, leaving them to Chromium's network stack or to nobody:
 * - host, content-length: describe the new request, computed by the stack;
 * - cookie: the session's cookie jar supplies the server's cookies; the renderer has none to give;
 * - origin, referer, sec-fetch-*: describe the page (`shine://app`), which the server does not know.
 *   Without them the request is what it is, a non-browser client's (this main process, which holds
 *   the cookies itself): the API's origin check (api/src/http/origin-check.ts) lets those through,
 *   while a forged cross-site request from a browser still carries its Origin there and is refused;
 * - accept-encoding: left to the stack so it also decodes what it negotiated.
 */
const REQUEST_HEADERS_DROPPED = new Set([
  'host',
  'content-length',
  'cookie',
  'cookie2',
  'origin',
  'referer',
  'accept-encoding',
]);

/**
 * Response headers the renderer must not see:
 * - set-cookie: cookies stay in the main process's jar for the server origin (the renderer cannot read them);
 * - content-encoding, content-length: the stack has already decoded the body, so both would lie;
 * - strict-transport-security, alt-svc: about the server's transport, meaningless for `shine://`.
 */
const RESPONSE_HEADERS_DROPPED = new Set([
  'set-cookie',
  'set-cookie2',
  'content-encoding',
  'content-length',
  'strict-transport-security',
  'alt-svc',
]);

export const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** How long to wait for the server's response headers; the body may then stream for as long as it takes. */
export const FORWARD_HEADERS_TIMEOUT_MS = 30_000;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Names listed in a Connection header are hop-by-hop for this message too. */
function connectionTokens(headers: Headers): Set<string> {
  const value = headers.get('connection') ?? '';
  return new Set(
    value
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function buildForwardHeaders(incoming: Headers): Headers {
  const listed = connectionTokens(incoming);
  const outgoing = new Headers();
  for (const [name, value] of incoming) {
    if (
      HOP_BY_HOP.has(name) ||
      listed.has(name) ||
      REQUEST_HEADERS_DROPPED.has(name) ||
      name.startsWith('sec-fetch-')
    ) {
      continue;
    }
    outgoing.append(name, value);
  }
  return outgoing;
}

export function buildClientResponseHeaders(upstream: Headers): Headers {
  const listed = connectionTokens(upstream);
  const headers = new Headers();
  for (const [name, value] of upstream) {
    if (HOP_BY_HOP.has(name) || listed.has(name) || RESPONSE_HEADERS_DROPPED.has(name)) continue;
    headers.append(name, value);
  }
  return headers;
}

export function jsonError(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export interface ForwardDeps {
  fetch: FetchLike;
  /** Called when the server could not be reached at all (not for error statuses it answered with). */
  onUnreachable?: () => void;
  headersTimeoutMs?: number;
}

/**
 * Sends `request` (a renderer request for `shine://app/api/...`) to the same path on `serverOrigin`
 * through the persistent session, and streams the answer back. Method, headers (filtered above), body
 * and query pass through; the server's cookies stay in the session's jar.
 */
export async function forwardApiRequest(
  request: Request,
  url: URL,
  serverOrigin: string,
  deps: ForwardDeps,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (!FORWARDED_METHODS.has(method)) return jsonError(405, 'Method not allowed.');

  const controller = new AbortController();
  const timeoutMs = deps.headersTimeoutMs ?? FORWARD_HEADERS_TIMEOUT_MS;
  const timer = setTimeout(
    () => controller.abort(new DOMException('The server did not answer in time.', 'TimeoutError')),
    timeoutMs,
  );
  const onClientAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onClientAbort, { once: true });

  const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== null;
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: buildForwardHeaders(request.headers),
    body: hasBody ? request.body : null,
    // Streaming request bodies must be half-duplex (fetch standard); the whole body goes before the answer.
    ...(hasBody ? { duplex: 'half' as const } : {}),
    credentials: 'include',
    // The app talks to exactly the configured origin; a redirect elsewhere is an error, not a detour.
    redirect: 'error',
    signal: controller.signal,
  };

  let upstream: Response;
  try {
    upstream = await deps.fetch(`${serverOrigin}${url.pathname}${url.search}`, init);
  } catch (error) {
    if (request.signal.aborted) return jsonError(499, 'The request was cancelled.');
    const timedOut = controller.signal.aborted;
    deps.onUnreachable?.();
    return jsonError(timedOut ? 504 : 502, describeNetworkError(serverOrigin, error, timeoutMs));
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onClientAbort);
  }

  const body = NULL_BODY_STATUSES.has(upstream.status) || method === 'HEAD' ? null : upstream.body;
  return new Response(body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: buildClientResponseHeaders(upstream.headers),
  });
}
