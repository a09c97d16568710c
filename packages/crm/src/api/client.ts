// The CRM's calls, read from the API's call table (packages/shared/src/operations): the path, its
// parameters, the query, the body and the answer's type all come from the call's entry, so none is
// written by hand here or at a call site (docs/architecture.md, "The contract"). Every call still
// goes through http.ts (cookies, early reads, the session's end on a 401).
import type { AnswerOf, InputOf, Operation } from '@shine/shared/operations/operation';
import { pathOf } from '@shine/shared/operations/operation';
import { queryOptions as reactQueryOptions } from '@tanstack/react-query';
import { apiJson, apiRequest, type HttpMethod, type RequestOptions, sendApiRequest } from './http.ts';
import { type ApiQueryKey, buildQueryString, type QueryParams } from './query-key.ts';

/** The input a call takes: left out when its entry declares no params, query or body. */
export type CallArgs<O extends Operation> = object extends InputOf<O> ? [input?: InputOf<O>] : [input: InputOf<O>];

interface AnyInput {
  params?: Readonly<Record<string, string>>;
  query?: QueryParams;
  body?: unknown;
}

const methodOf = (operation: Operation) => operation.method.toUpperCase() as HttpMethod;
const bodyOf = (input: unknown) => (input as AnyInput | undefined)?.body;

/** The URL of a call: its path with the parameters filled in, then its query string. */
export function urlOf<O extends Operation>(operation: O, ...[input]: CallArgs<O>): string {
  const { params, query } = (input ?? {}) as AnyInput;
  return `${pathOf(operation, params)}${query ? buildQueryString(query) : ''}`;
}

/** How many leading segments of a path name its collection: /api/admin/leads, /api/setup-password. */
const collectionLength = (segments: readonly string[]) => (segments[1] === 'admin' ? 3 : 2);

/**
 * The query key of a read (docs/requirements.md#crm-data: keys are API paths joined by '/'): the
 * call's collection (`/api/admin/leads`), each later segment with its parameter's value, and the query
 * last. A change refreshes every read under a collection, or under one record, by the key's prefix.
 */
export function queryKeyOf<O extends Operation>(operation: O, ...[input]: CallArgs<O>): ApiQueryKey {
  const { params, query } = (input ?? {}) as AnyInput;
  const segments = operation.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (params?.[segment.slice(1)] ?? '') : segment));
  const length = collectionLength(segments);
  const key: [string, ...Array<string | QueryParams>] = [
    `/${segments.slice(0, length).join('/')}`,
    ...segments.slice(length),
  ];
  if (query) key.push({ ...query });
  return key;
}

/** The key every read of `operation`'s collection starts with (the leads' key, say): to refresh them all. */
export function collectionKeyOf(operation: Operation): readonly [string] {
  const segments = operation.path.split('/').filter(Boolean);
  return [`/${segments.slice(0, collectionLength(segments)).join('/')}`];
}

/** The answer as it came (a stream, a status to look at); a non-OK answer throws an `HttpError`. */
export function request<O extends Operation>(
  operation: O,
  input: CallArgs<O>[0],
  options: Omit<RequestOptions, 'body'> = {},
): Promise<Response> {
  const args = [input] as CallArgs<O>;
  return apiRequest(methodOf(operation), urlOf(operation, ...args), bodyOf(input), options);
}

/** Whatever the server answered, OK or not (the sign-in and the set-up link read a refusal's status). */
export function send<O extends Operation>(
  operation: O,
  input: CallArgs<O>[0],
  options: Omit<RequestOptions, 'body'> = {},
): Promise<Response> {
  const args = [input] as CallArgs<O>;
  return sendApiRequest(methodOf(operation), urlOf(operation, ...args), { ...options, body: bodyOf(input) });
}

/** Makes the call and answers its parsed JSON (undefined for 204); a non-OK answer throws an `HttpError`. */
export function call<O extends Operation>(operation: O, ...args: CallArgs<O>): Promise<AnswerOf<O>> {
  return callWith(operation, args[0], {});
}

function callWith<O extends Operation>(
  operation: O,
  input: CallArgs<O>[0],
  options: Omit<RequestOptions, 'body'>,
): Promise<AnswerOf<O>> {
  const args = [input] as CallArgs<O>;
  return apiJson<AnswerOf<O>>(methodOf(operation), urlOf(operation, ...args), bodyOf(input), options);
}

/** react-query's options for a read: its key (queryKeyOf) and a fetch whose data has the answer's type. */
export function queryOptions<O extends Operation>(operation: O, ...args: CallArgs<O>) {
  return reactQueryOptions({
    queryKey: queryKeyOf(operation, ...args),
    queryFn: ({ signal }) => callWith(operation, args[0], { signal }),
  });
}
