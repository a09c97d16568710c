import { throwIfNotOk } from '@shine/shared/http-error';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Every call of the CRM goes through here (SPEC.md §7): relative `/api/...` paths, cookies included,
 * a JSON body only when there is a payload. Non-OK responses throw an `HttpError` carrying the
 * server's message (SPEC.md §8).
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  return throwIfNotOk(response);
}

/** `apiRequest` and the parsed JSON answer; `undefined` for 204 No Content. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
