// Raw HTTP for the bench: node:http (not fetch) so that bodies are seen byte for byte as autocannon
// sees them (no transparent decompression), and so that a streamed download can be timed to its last byte.
import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Time to the last byte, in ms. */
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Count bytes and lines without keeping the body (large downloads). */
  discardBody?: boolean;
}

export function sendRaw(baseUrl: string, options: RawRequest): Promise<RawResponse & { bytes: number; lines: number }> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: options.method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.discardBody) {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          } else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const body = Buffer.concat(chunks);
          if (!options.discardBody) lines = body.toString('utf8').split('\n').length - 1;
          resolve({ status: res.statusCode ?? 0, headers, body, ms: performance.now() - started, bytes, lines });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The response headers a bare server would also send: content type and cache validators. */
export function essentialHeaders(headers: Record<string, string>): Record<string, string> {
  const keep = ['content-type', 'etag', 'cache-control'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep.includes(name)));
}

/** Headers node:http writes on its own for every answer, so a replaying server must not repeat them. */
const WRITTEN_BY_NODE = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

/** Every header of an answer a replaying server should send for the same bytes on the wire. */
export function wireHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WRITTEN_BY_NODE.includes(name)));
}

/** The recording of one answer that the baseline server replays (bench/baseline-server.ts). */
export function recordResponse(response: RawResponse) {
  return {
    status: response.status,
    headers: essentialHeaders(response.headers),
    wireHeaders: wireHeaders(response.headers),
    body: response.body.toString('base64'),
  };
}
