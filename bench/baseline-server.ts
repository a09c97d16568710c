// The bare baseline of `pnpm bench`: a plain node:http server, in its own process like the app,
// answering each benchmarked request with a recorded response of the same status, size and
// content type, and nothing else (no routing framework, no session, no database).
// With --wire it sends every header the app sent as well (security headers, Set-Cookie,
// Server-Timing...): the same bytes on the wire, so that the app's ratio against it is the cost of its
// code alone, and the ratio between the two baselines the cost of the headers' bytes.
// Usage: node bench/baseline-server.ts <responses.json> [--wire]; prints "listening <port>" when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedResponse {
  status: number;
  /** Content type and cache validators: what any server of the same answer sends. */
  headers: Record<string, string>;
  /** Every header the app sent except those node:http writes itself (date, connection, length). */
  wireHeaders: Record<string, string>;
  /** Base64 of the body, so binary-safe and byte-exact. */
  body: string;
}

/** Keyed by responseKey(). */
export type RecordedResponses = Record<string, RecordedResponse>;

/** "METHOD /path?query", plus whether the request is a revalidation (If-None-Match): 304 or not. */
export function responseKey(method: string, url: string, isConditional: boolean): string {
  return `${method} ${url}${isConditional ? ' (conditional)' : ''}`;
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/baseline-server.ts <responses.json> [--wire]');
  const wire = process.argv[3] === '--wire';
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedResponses;
  const responses = new Map(
    Object.entries(recorded).map(([key, response]) => [
      key,
      {
        status: response.status,
        headers: wire ? response.wireHeaders : response.headers,
        body: Buffer.from(response.body, 'base64'),
      },
    ]),
  );
  const server = createServer((req, res) => {
    const response = responses.get(
      responseKey(req.method ?? '', req.url ?? '', req.headers['if-none-match'] !== undefined),
    );
    // Read the request body before answering, as the app does for POSTs.
    req.resume();
    req.on('end', () => {
      if (!response) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(response.status, { ...response.headers, 'content-length': String(response.body.length) });
      res.end(response.body);
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
