// Assertions every answer must pass, and a checksum of the database to prove a rejected write
// changed nothing.
import type { Knex } from 'knex';
import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
  /** Set when there was no answer at all (timeout, reset). */
  error?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

const isEventStream = (headers: Headers) => /^text\/event-stream/.test(headers.get('content-type') ?? '');

/** The live stream never ends: its text up to the event that says it listens, then the connection closes. */
async function readStreamStart(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/event: (ready|resync)\ndata: [^\n]*\n\n/.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

export async function sendRaw(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = isEventStream(response.headers) ? await readStreamStart(response) : await response.text();
    return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      status: 0,
      headers: new Headers(),
      text: '',
      ms: performance.now() - started,
      error: cause?.code ?? (error as Error).name,
    };
  }
}

/** Text that must never reach a client: stack frames, file paths, SQL and driver errors. */
const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['stack frame', /^\s*at .+[(:]\d+/m],
  ['stack frame', /\bat (?:async )?[\w$.<>]+ \(/],
  ['file path', /(?:\/work\/|\/home\/|\/usr\/|node_modules|[\w-]+\/src\/[\w/-]+\.[jt]s|\.[jt]s:\d+:\d+|file:\/\/)/],
  ['SQL error', /syntax error at|relation ".*" does not exist|column ".*" does not exist|violates .* constraint/i],
  ['SQL error', /duplicate key value|invalid input syntax for|SQLSTATE|\bpg_[a-z]+\b|\bknex\b|pglite/i],
  ['SQL text', /\b(?:select .+ from|insert into|update .+ set|delete from)\b/i],
  ['internal error', /TypeError|ReferenceError|RangeError|SyntaxError: |Cannot read propert|undefined is not/],
];

/**
 * Every answer: no 5xx, no hang, and an error is JSON `{ message, issues? }` with nothing internal
 * in it. Returns the parsed body.
 */
export function expectWellFormed(answer: Answer, context: string): unknown {
  const where = `${context} -> ${answer.status} ${answer.text.slice(0, 400)}`;
  expect(answer.error, `no answer within ${REQUEST_TIMEOUT_MS} ms: ${where}`).toBeUndefined();
  expect(answer.status, `server error: ${where}`).toBeLessThan(500);
  expect(answer.headers.get('x-powered-by'), 'X-Powered-By is not sent').toBeNull();
  if (answer.status === 204 || answer.status === 304) return undefined;
  // Node's HTTP parser refuses a request line or headers over 16 KB before the app sees it, with an
  // empty 431: nothing internal can leak from there.
  if (answer.status === 431 && answer.text === '') return undefined;
  if (answer.status === 200 && isEventStream(answer.headers)) {
    expect(answer.text, `a live stream that says it listens: ${where}`).toMatch(/^retry: \d+\n\n/);
    return undefined;
  }
  // The API reference (GET /api/docs) is the one page among the JSON answers.
  if (answer.status === 200 && /^text\/html/.test(answer.headers.get('content-type') ?? '')) {
    expect(answer.text.startsWith('<!doctype html>'), `an HTML page: ${where}`).toBe(true);
    return undefined;
  }
  // A quote's PDF (GET /api/admin/quotes/{id}/pdf).
  if (answer.status === 200 && answer.headers.get('content-type') === 'application/pdf') {
    expect(answer.text.startsWith('%PDF-'), `a PDF: ${where}`).toBe(true);
    return undefined;
  }
  // The invoices as CSV (GET /api/admin/invoices/export): its header row first, after the byte order mark.
  if (answer.status === 200 && /^text\/csv/.test(answer.headers.get('content-type') ?? '')) {
    expect(answer.text.replace(/^\uFEFF/, '').startsWith('Invoice,Customer,'), `a CSV: ${where}`).toBe(true);
    return undefined;
  }
  expect(answer.headers.get('content-type') ?? '', `JSON content type: ${where}`).toMatch(/^application\/json/);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    expect.fail(`the body is not JSON: ${where}`);
  }
  if (answer.status >= 400) {
    const error = body as { message?: unknown; issues?: unknown };
    expect(typeof error.message === 'string' && error.message.length > 0, `a JSON message: ${where}`).toBe(true);
    if (error.issues !== undefined) {
      expect(Array.isArray(error.issues), `issues is a list: ${where}`).toBe(true);
      for (const issue of error.issues as Array<{ path?: unknown; message?: unknown }>) {
        expect(typeof issue.path === 'string' && typeof issue.message === 'string', `issue shape: ${where}`).toBe(true);
      }
    }
    for (const [kind, pattern] of LEAK_PATTERNS) {
      expect(pattern.test(answer.text), `${kind} leaked: ${where}`).toBe(false);
    }
  }
  return body;
}

/** Tables whose rows change without a data write (sessions touched, rate counters, job queues). */
const VOLATILE_TABLE = /session|rate|limit|knex_migrations|login_attempt|job/i;

const tableLists = new WeakMap<Knex, string[]>();

/** Row count and md5 of every row of every data table: equal before and after means nothing changed. */
export async function checksumTables(db: Knex): Promise<Record<string, string>> {
  let tables = tableLists.get(db);
  if (!tables) {
    const rows = await db
      .select<Array<{ table_name: string }>>('table_name')
      .from('information_schema.tables')
      .where({ table_schema: 'public', table_type: 'BASE TABLE' })
      .orderBy('table_name');
    tables = rows.map((row) => row.table_name).filter((table) => !VOLATILE_TABLE.test(table));
    tableLists.set(db, tables);
  }
  // One statement for all tables: the checksum runs around every generated write. Each row's text is
  // hashed (64 bits) and the hashes summed, which no order of the rows changes, so no table is sorted:
  // a sorted aggregate of every row, run twice around each write, was most of the generated suite's
  // time. A changed, added or removed row moves its table's count or sum.
  const sql = tables
    .map(
      (table) =>
        `select '${table}' as name, count(*)::int as n, coalesce(sum(hashtextextended(t::text, 0)), 0)::text as h from "${table}" t`,
    )
    .join(' union all ');
  const result = await db.raw<{ rows: Array<{ name: string; n: number; h: string }> }>(sql);
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.n}:${row.h}`]));
}
