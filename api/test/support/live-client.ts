// A Server-Sent Events client for the tests, over node:http against a listening app: the status,
// and the events as they arrive, awaited one by one (never a pause and a look).
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface LiveClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The raw text before the first event (the `retry:` line). */
  preamble: string;
  /** The next event (of `type`, when given: others before it are skipped); fails after `timeoutMs`. */
  next: (type?: string, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function listenOn(app: Express): Promise<{ baseUrl: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseFrame(frame: string): SseEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return undefined;
  return { ...(id ? { id } : {}), event, data: JSON.parse(data.join('\n')) };
}

export function openLive(
  baseUrl: string,
  headers: Record<string, string> = {},
  path = '/api/admin/events',
): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res) => {
      const queue: SseEvent[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      let preamble = '';
      let seenEvent = false;
      const ended = new Promise<void>((done) => res.on('close', done));
      // A stream cut by the server or by close() ends the response with an error: `ended` reports it.
      res.on('error', () => {});
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const frame = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = parseFrame(frame);
          if (event) {
            seenEvent = true;
            queue.push(event);
          } else if (!seenEvent) preamble += `${frame}\n\n`;
          at = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      });
      res.on('close', () => {
        for (const wake of waiters.splice(0)) wake();
      });
      const next = async (type?: string, timeoutMs = 5_000): Promise<SseEvent> => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          while (queue.length > 0) {
            const event = queue.shift() as SseEvent;
            if (!type || event.event === type) return event;
          }
          if (res.closed || res.destroyed) throw new Error(`the stream ended before ${type ?? 'an event'}`);
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`no ${type ?? 'event'} within ${timeoutMs} ms`);
          await new Promise<void>((wake) => {
            const timer = setTimeout(wake, left);
            waiters.push(() => {
              clearTimeout(timer);
              wake();
            });
          });
        }
      };
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            preamble: text,
            next,
            ended,
            close: () => req.destroy(),
          }),
        );
        return;
      }
      resolve({
        status: 200,
        headers: res.headers,
        get preamble() {
          return preamble;
        },
        next,
        ended,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
