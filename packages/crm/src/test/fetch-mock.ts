import { findOperation } from '@shine/shared/operations';
import { type AnswerOf, answersOf, type BodyOf, type Operation } from '@shine/shared/operations/operation';
import type { ErrorBody } from '@shine/shared/responses/common';
import { vi } from 'vitest';
import { urlOf } from '../api/client.ts';

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

type Reply = { status?: number; body?: unknown; statusText?: string } | Error;
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/** The stubs of one test, each made by stubCall: a call's "METHOD path" to its canned answer. */
export type Stubs = Readonly<Record<string, Handler>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/**
 * What a stub of `O` answers: a success with the call's answer type, an error with the shared error
 * body (or none, as a proxy's), or a network failure.
 */
export type StubReply<O extends Operation> =
  | { status?: SuccessStatus; body?: AnswerOf<O>; statusText?: string }
  | { status: ErrorStatus; body?: ErrorBody | Record<string, unknown>; statusText?: string }
  | Error;
/** A call as a stub's function receives it: the body typed as the API reads it (the CRM sends it typed). */
export type StubbedCall<O extends Operation> = Omit<RecordedCall, 'body'> & { body: BodyOf<O> };
export type StubHandler<O extends Operation> =
  | StubReply<O>
  | ((call: StubbedCall<O>) => StubReply<O> | Promise<StubReply<O>>);

/** The path parameters and query of the one request a stub answers (without them: any of the call's requests). */
export interface StubInput {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | boolean>>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Throws when a stubbed body is one the call's contract refuses: a success's body must pass one of the
 * call's 2xx JSON schemas, an error's the schema its entry declares for that status. A status the
 * contract does not declare (a proxy's 502) is sent as written.
 */
function checkReply(operation: Operation, reply: Reply): void {
  if (reply instanceof Error || reply.body === undefined) return;
  const answers = answersOf(operation);
  const statuses = reply.status === undefined ? [...answers.keys()].filter(isSuccess) : [reply.status];
  const declared = statuses.flatMap((status) => answers.get(status) ?? []);
  const schemas = declared.flatMap((answer) => (answer.kind === 'json' ? [answer.schema] : []));
  if (schemas.length === 0) {
    if (declared.some((answer) => answer.kind === 'empty') && !declared.some((answer) => answer.kind !== 'empty')) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.path}: answers no body, a stub gave one`);
    }
    return;
  }
  const results = schemas.map((schema) => schema.safeParse(reply.body));
  if (results.some((result) => result.success)) return;
  const issues = results.flatMap((result) => result.error?.issues ?? []);
  throw new Error(
    `${operation.method.toUpperCase()} ${operation.path}: the stubbed ${reply.status ?? 'success'} body is not one the contract allows: ${JSON.stringify(issues)}`,
  );
}

/**
 * A stub of one call of the operations table: its answer typed by the call's entry and checked
 * against its schema (a body the API could not send fails the test). With `input`, only the request
 * with those parameters and that query is answered; without, every request the call's path matches.
 */
export function stubCall<O extends Operation>(operation: O, handler: StubHandler<O>, input?: StubInput): Stubs {
  const method = operation.method.toUpperCase();
  const target = urlFor(operation, input);
  const checked = (reply: Reply): Reply => {
    checkReply(operation, reply);
    return reply;
  };
  if (typeof handler !== 'function') {
    checked(handler as Reply);
    return { [`${method} ${target}`]: handler as Reply };
  }
  return {
    [`${method} ${target}`]: async (call: RecordedCall) => checked((await handler(call as StubbedCall<O>)) as Reply),
  };
}

/**
 * Replaces global fetch with a router of the stubs (stubCall) to their canned answers: a stub for the
 * exact URL (query string included), then for its path, then for the call its path matches; records
 * every call. A request no stub answers gets a 404.
 */
export function mockFetch(routes: Stubs) {
  const calls: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call: RecordedCall = { method, url, body, init };
    calls.push(call);
    const path = url.split('?')[0] ?? url;
    const operation = findOperation(method, path);
    const handler =
      routes[`${method} ${url}`] ??
      routes[`${method} ${path}`] ??
      (operation ? routes[`${operation.method.toUpperCase()} ${operation.path}`] : undefined);
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

/** "METHOD url" of a call of the operations table, as a recorded call spells it: to compare the calls made. */
export function requestOf<O extends Operation>(operation: O, input?: StubInput): string {
  return `${operation.method.toUpperCase()} ${urlFor(operation, input)}`;
}

/** The URL a call of `operation` with these parameters and query asks for. */
export function urlFor<O extends Operation>(operation: O, input?: StubInput): string {
  return input ? urlOf(operation as Operation, input as never) : operation.path;
}
