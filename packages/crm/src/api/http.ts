import { claimEarlyRead, noteRead } from './early-requests.ts';
import { throwIfNotOk } from './http-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON; leave it out for a request without a body. */
  body?: unknown;
  /** What the answer should be: JSON unless a caller streams something else (the CSV export). */
  accept?: string;
  signal?: AbortSignal;
}

/**
 * Every call of the CRM goes through here (docs/requirements.md#crm-data): relative `/api/...` paths, cookies included,
 * a JSON body only when there is a payload. Resolves with whatever the server answered, OK or not;
 * rejects only when no answer came (offline, aborted). Callers that need the status of a failure
 * (the sign-in, the session check) use this; the rest use `apiRequest`.
 */
export function sendApiRequest(
  method: HttpMethod,
  url: string,
  { body, accept = 'application/json', signal }: RequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  if (method === 'GET' && !hasBody && accept === 'application/json') {
    noteRead(url);
    const early = claimEarlyRead(url);
    if (early) return early;
  }
  return fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json', Accept: accept } : { Accept: accept },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
}

/** `sendApiRequest`, but a non-OK answer throws an `HttpError` carrying the server's message (docs/requirements.md#messages). */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<Response> {
  return throwIfNotOk(await sendApiRequest(method, url, { ...options, body }));
}

/** `apiRequest` and the parsed JSON answer; `undefined` for 204 No Content. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The constructor of the live stream's connection; tests hand in their own. */
export type EventSourceFactory = (url: string) => EventSource | undefined;

/** Opens the server's event stream (same origin, cookies included, like every other call here). */
export const openEventStream: EventSourceFactory = (url) =>
  typeof EventSource === 'undefined' ? undefined : new EventSource(url);
