import { describe, expect, it, vi } from 'vitest';
import {
  buildClientResponseHeaders,
  buildForwardHeaders,
  type ForwardDeps,
  forwardApiRequest,
} from './api-forwarding.ts';

const SERVER = 'https://crm.example.com';

function capture(response: Response | (() => Promise<Response>) = new Response('{}', { status: 200 })) {
  const calls: Array<{ url: string; init: RequestInit & { duplex?: string } }> = [];
  const fetch: ForwardDeps['fetch'] = async (url, init) => {
    calls.push({ url, init: init ?? {} });
    return typeof response === 'function' ? response() : response;
  };
  return { fetch, calls };
}

function forward(request: Request, deps: ForwardDeps) {
  return forwardApiRequest(request, new URL(request.url), SERVER, deps);
}

describe('buildForwardHeaders', () => {
  it('drops hop-by-hop headers, headers named in Connection, and what the session supplies itself', () => {
    const incoming = new Headers({
      accept: 'application/json',
      'content-type': 'application/json',
      'if-none-match': 'W/"abc"',
      connection: 'keep-alive, X-Private-Hop',
      'x-private-hop': 'secret',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      te: 'trailers',
      upgrade: 'websocket',
      'proxy-authorization': 'Basic Zm9vOmJhcg==',
      host: 'app',
      cookie: 'connect.sid=forged',
      origin: 'shine://app',
      referer: 'shine://app/admin/crm',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'accept-encoding': 'gzip, br',
      'content-length': '12',
    });
    const outgoing = buildForwardHeaders(incoming);
    expect(Object.fromEntries(outgoing)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'if-none-match': 'W/"abc"',
    });
  });
});

describe('buildClientResponseHeaders', () => {
  it('keeps the server’s headers except cookies, encodings the stack already undid, and transport details', () => {
    const upstream = new Headers({
      'content-type': 'application/json; charset=utf-8',
      etag: 'W/"1"',
      'cache-control': 'no-cache',
      'x-request-id': 'r1',
      'set-cookie': 'connect.sid=s%3Aabc; Path=/; HttpOnly',
      'content-encoding': 'gzip',
      'content-length': '99',
      'strict-transport-security': 'max-age=63072000',
      connection: 'close',
      'keep-alive': 'timeout=5',
    });
    expect(Object.fromEntries(buildClientResponseHeaders(upstream))).toEqual({
      'content-type': 'application/json; charset=utf-8',
      etag: 'W/"1"',
      'cache-control': 'no-cache',
      'x-request-id': 'r1',
    });
  });
});

describe('forwardApiRequest', () => {
  it('sends the same path and query to the server with the session’s cookies, refusing redirects', async () => {
    const { fetch, calls } = capture(
      new Response('{"items":[]}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': 'a=b' },
      }),
    );
    const response = await forward(new Request('shine://app/api/admin/leads?search=ann&page=2'), { fetch });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://crm.example.com/api/admin/leads?search=ann&page=2');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'error', body: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ items: [] });
  });

  it('streams a request body through, half-duplex', async () => {
    const { fetch, calls } = capture(new Response(null, { status: 204 }));
    const request = new Request('shine://app/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'shine://app' },
      body: JSON.stringify({ username: 'a@example.com', password: 'pw' }),
    });
    const response = await forward(request, { fetch });
    const init = calls[0]?.init;
    expect(init?.method).toBe('POST');
    expect(init?.duplex).toBe('half');
    expect(init?.body).toBeInstanceOf(ReadableStream);
    expect(await new Response(init?.body).json()).toEqual({ username: 'a@example.com', password: 'pw' });
    // The page's Origin (shine://app) stays behind: see buildForwardHeaders.
    expect(new Headers(init?.headers).get('origin')).toBeNull();
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('streams the response body back without buffering it', async () => {
    let pushMore: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('first,'));
        pushMore = () => {
          controller.enqueue(new TextEncoder().encode('second'));
          controller.close();
        };
      },
    });
    const { fetch } = capture(new Response(body, { status: 200 }));
    const response = await forward(new Request('shine://app/api/admin/export'), { fetch });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first,');
    pushMore?.();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('second');
    expect((await reader.read()).done).toBe(true);
  });

  it('passes error statuses and 304 through unchanged', async () => {
    const notModified = await forward(
      new Request('shine://app/api/admin/stats', { headers: { 'if-none-match': '"x"' } }),
      {
        fetch: capture(new Response(null, { status: 304, headers: { etag: '"x"' } })).fetch,
      },
    );
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe('"x"');
    const unauthorized = await forward(new Request('shine://app/api/admin/leads'), {
      fetch: capture(new Response('{"message":"Not signed in."}', { status: 401 })).fetch,
    });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ message: 'Not signed in.' });
  });

  it('never sends a body with HEAD, and returns none', async () => {
    const { fetch, calls } = capture(new Response('ignored', { status: 200 }));
    const response = await forward(new Request('shine://app/api/health', { method: 'HEAD' }), { fetch });
    expect(calls[0]?.init.body).toBeNull();
    expect(response.body).toBeNull();
  });

  it('refuses methods the API does not use (fetch itself already forbids TRACE and CONNECT)', async () => {
    const { fetch, calls } = capture();
    for (const method of ['PROPFIND', 'LOCK', 'PURGE']) {
      const response = await forward(new Request('shine://app/api/health', { method }), { fetch });
      expect(response.status).toBe(405);
    }
    expect(calls).toHaveLength(0);
  });

  it('answers 502 with a sentence and reports the outage when the server cannot be reached', async () => {
    const onUnreachable = vi.fn();
    const fetch: ForwardDeps['fetch'] = async () => {
      throw new Error('net::ERR_CONNECTION_REFUSED');
    };
    const response = await forward(new Request('shine://app/api/admin/me'), { fetch, onUnreachable });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      message: expect.stringMatching(/Nothing is answering at https:\/\/crm\.example\.com/),
    });
    expect(onUnreachable).toHaveBeenCalledOnce();
  });

  it('answers 504 when the server sends no response headers in time', async () => {
    const onUnreachable = vi.fn();
    const fetch: ForwardDeps['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const response = await forward(new Request('shine://app/api/admin/me'), {
      fetch,
      onUnreachable,
      headersTimeoutMs: 10,
    });
    expect(response.status).toBe(504);
    expect(onUnreachable).toHaveBeenCalledOnce();
  });

  it('cancels the server request when the page cancels its own, without reporting an outage', async () => {
    const onUnreachable = vi.fn();
    const controller = new AbortController();
    let upstreamSignal: AbortSignal | undefined;
    const fetch: ForwardDeps['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => {
        upstreamSignal = init?.signal ?? undefined;
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const pending = forward(new Request('shine://app/api/admin/leads', { signal: controller.signal }), {
      fetch,
      onUnreachable,
    });
    controller.abort();
    const response = await pending;
    expect(upstreamSignal?.aborted).toBe(true);
    expect(response.status).toBe(499);
    expect(onUnreachable).not.toHaveBeenCalled();
  });
});
