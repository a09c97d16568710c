// What one API call promises: its method, path, who may make it, its request schemas and, per status,
// what it answers. Each feature's table (*.operations.ts) declares its calls once with `operation`;
// the Express routes, the OpenAPI document, the tests' response check and the CRM's client read them
// (docs/architecture.md, "The contract").
import type { z } from 'zod';
import { errorBodySchema } from '../responses/common.ts';

/** Where every call's path starts, and where the staff's calls (behind the session and origin checks) do. */
export const API_PATH = '/api';
export const ADMIN_API_PATH = `${API_PATH}/admin`;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * public: anyone; open: anyone, a session is read if present (login, me); session: signed in only;
 * account: a customer signed in to their account (its own cookie, never a staff session).
 */
export type Access = 'public' | 'open' | 'session' | 'account';

export type TextMediaType = 'text/csv' | 'text/html' | 'text/event-stream' | 'text/xml';

export type BinaryMediaType = 'application/pdf';

export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: S;
  description: string;
}
export interface TextAnswer {
  kind: 'text';
  mediaType: TextMediaType;
  description: string;
}
export interface BinaryAnswer {
  kind: 'binary';
  mediaType: BinaryMediaType;
  description: string;
}
export interface EmptyAnswer {
  kind: 'empty';
  description: string;
}

export type Answer = JsonAnswer | TextAnswer | BinaryAnswer | EmptyAnswer;

export interface Operation {
  method: Method;
  /** Express's pattern, e.g. /api/admin/leads/:id. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The role a session needs (docs/decisions.md, "Team"); absent: any signed-in role. */
  role?: 'admin';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Answers 304 to a matching If-None-Match (an ETag on every 200). */
  conditional?: boolean;
  /** Counted by a rate limit: 429 with Retry-After once it is spent. */
  rateLimit?: string;
  /** Not behind the host check (load balancers' probes name the backend). */
  anyHost?: boolean;
  /** The call's own answers; the ones every call shares are added by answersOf. */
  answers: Partial<Record<number, Answer | readonly Answer[]>>;
}

/** Declares a call, keeping the types of its schemas for the routes and the client. */
export const operation = <const O extends Operation>(declared: O): O => declared;

export const json = <S extends z.ZodType>(schema: S, description: string): JsonAnswer<S> => ({
  kind: 'json',
  schema,
  description,
});
export const empty = (description: string): EmptyAnswer => ({ kind: 'empty', description });
export const text = (mediaType: TextMediaType, description: string): TextAnswer => ({
  kind: 'text',
  mediaType,
  description,
});
export const binary = (mediaType: BinaryMediaType, description: string): BinaryAnswer => ({
  kind: 'binary',
  mediaType,
  description,
});
export const error = (description: string): JsonAnswer<typeof errorBodySchema> => json(errorBodySchema, description);

const listOf = (own: Answer | readonly Answer[]): Answer[] => (Array.isArray(own) ? [...own] : [own as Answer]);

const isWrite = (operation: Operation) => operation.method !== 'get';

/** Every answer of a call: its own, then the ones the middleware in front of every route may give. */
export function answersOf(operation: Operation): Map<number, Answer[]> {
  const answers = new Map<number, Answer[]>();
  const add = (status: number, answer: Answer) => {
    if (!answers.has(status)) answers.set(status, [answer]);
  };
  for (const [status, own] of Object.entries(operation.answers)) {
    if (own) answers.set(Number(status), listOf(own));
  }
  if (operation.conditional) add(304, empty('Not modified: the ETag sent in If-None-Match is current.'));
  if (operation.params || operation.query || operation.body || isWrite(operation)) {
    add(400, error('The input was refused: malformed JSON, a NUL character, or a field that fails its rule (issues).'));
  }
  if (operation.access === 'session') add(401, error('Not signed in.'));
  if (operation.access === 'account') add(401, error('No customer is signed in to an account.'));
  const crossOrigin = operation.path.startsWith(`${ADMIN_API_PATH}/`) && isWrite(operation);
  if (crossOrigin && operation.role === 'admin') {
    add(
      403,
      error(
        'Refused: the session’s role is not admin, or the Origin (or Sec-Fetch-Site) is not one of the configured origins.',
      ),
    );
  } else if (crossOrigin) {
    add(403, error('Refused: the Origin (or Sec-Fetch-Site) is not one of the configured origins.'));
  } else if (operation.role === 'admin') {
    add(403, error('Refused: this needs the admin role.'));
  }
  if (operation.params) add(404, error('No such record.'));
  if (isWrite(operation)) {
    add(409, error('A concurrent change conflicted with this one; try again.'));
  }
  if (operation.body || isWrite(operation)) {
    add(413, error('The body is larger than this call accepts.'));
    add(415, error('The body is not JSON (application/json, UTF-8).'));
  }
  if (!operation.anyHost) add(421, error('The Host header names a host this server does not serve.'));
  if (operation.rateLimit)
    add(429, error(`Too many requests: ${operation.rateLimit} Retry-After says when to try again.`));
  add(500, error('An unexpected failure; nothing internal is disclosed.'));
  add(503, error('The database is unavailable; Retry-After says when to try again.'));
  return answers;
}

// ---- Types read from an entry: what a route receives and sends, what a client sends and gets back.

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** Path parameters after parsing (what the route reads; the client sends the same strings). */
export type ParamsOf<O extends Operation> = O extends { params: infer S extends z.ZodType }
  ? z.output<S>
  : Record<string, never>;
/** The query after parsing: coerced and defaulted (what the route reads). */
export type QueryOf<O extends Operation> = O extends { query: infer S extends z.ZodType } ? z.output<S> : object;
/** The body after parsing (what the route reads). */
export type BodyOf<O extends Operation> = O extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;

/**
 * The query a client sends: the parsed types (a page is a number, sent as text), each key optional when
 * the schema has a default for it or makes it optional (before or after parsing).
 */
export type QueryInputOf<O extends Operation> = O extends { query: infer S extends z.ZodType }
  ? Simplify<
      { [K in Exclude<keyof z.output<S>, QueryOptionalKeys<S>>]: z.output<S>[K] } & {
        [K in Extract<keyof z.output<S>, QueryOptionalKeys<S>>]?: z.output<S>[K];
      }
    >
  : never;
type QueryOptionalKeys<S extends z.ZodType> = OptionalKeys<z.output<S>> | OptionalKeys<z.input<S>>;

/** What a client passes to make the call: only the parts its entry declares. */
export type InputOf<O extends Operation> = Simplify<
  (O extends { params: infer S extends z.ZodType } ? { params: z.output<S> } : unknown) &
    (O extends { query: z.ZodType } ? { query: QueryInputOf<O> } : unknown) &
    (O extends { body: infer S extends z.ZodType } ? { body: z.input<S> } : unknown)
>;

type AnswerListOf<A> = A extends readonly (infer Item)[] ? Item : A;
type BodyOfAnswer<A> =
  A extends JsonAnswer<infer S>
    ? z.output<S>
    : A extends TextAnswer
      ? string
      : A extends BinaryAnswer
        ? Uint8Array
        : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** Every body a route may send with its own answers (errors go through AppError, not through this). */
export type AnswerBodyOf<O extends Operation> = BodyOfAnswer<AnswerListOf<O['answers'][keyof O['answers']]>>;

/** What a client gets back on success: the JSON body of a 2xx answer (undefined for 204). */
export type AnswerOf<O extends Operation> = BodyOfAnswer<
  Extract<AnswerListOf<O['answers'][Extract<keyof O['answers'], SuccessStatus>]>, JsonAnswer | EmptyAnswer>
>;

/** The path of a call with its parameters filled in, each encoded as one segment. */
export function pathOf(operation: Operation, params?: Readonly<Record<string, string>>): string {
  return operation.path.replaceAll(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
