import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

type Reply = { status?: number; body?: unknown; statusText?: string } | Error;
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * Replaces global fetch with a router of "METHOD /path" (query string included when the key has
 * one, otherwise ignored) to canned answers; records every call.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call: RecordedCall = { method, url, body, init };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ message: `No mock for ${method} ${url}` }), { status: 404 });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      statusText: reply.statusText,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls, spy };
}
