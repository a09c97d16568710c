// What one API call promises: its request schemas and, per status, what it answers. The table of
// every call is operations.ts; the OpenAPI document and the tests' response check read it.
import { errorBodySchema } from '@shine/shared/responses/common';
import type { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** public: anyone; open: anyone, a session is read if present (login, me); session: signed in only. */
export type Access = 'public' | 'open' | 'session';

export type TextMediaType = 'text/csv' | 'text/html' | 'text/event-stream' | 'text/xml';

export type BinaryMediaType = 'application/pdf';

export type Answer =
  | { kind: 'json'; schema: z.ZodType; description: string }
  | { kind: 'text'; mediaType: TextMediaType; description: string }
  | { kind: 'binary'; mediaType: BinaryMediaType; description: string }
  | { kind: 'empty'; description: string };

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
  answers: Partial<Record<number, Answer | Answer[]>>;
}

export const json = (schema: z.ZodType, description: string): Answer => ({ kind: 'json', schema, description });
export const empty = (description: string): Answer => ({ kind: 'empty', description });
export const text = (mediaType: TextMediaType, description: string): Answer => ({
  kind: 'text',
  mediaType,
  description,
});
export const binary = (mediaType: BinaryMediaType, description: string): Answer => ({
  kind: 'binary',
  mediaType,
  description,
});
export const error = (description: string): Answer => json(errorBodySchema, description);

const isWrite = (operation: Operation) => operation.method !== 'get';

/** Every answer of a call: its own, then the ones the middleware in front of every route may give. */
export function answersOf(operation: Operation): Map<number, Answer[]> {
  const answers = new Map<number, Answer[]>();
  const add = (status: number, answer: Answer) => {
    if (!answers.has(status)) answers.set(status, [answer]);
  };
  for (const [status, own] of Object.entries(operation.answers)) {
    if (own) answers.set(Number(status), Array.isArray(own) ? own : [own]);
  }
  if (operation.conditional) add(304, empty('Not modified: the ETag sent in If-None-Match is current.'));
  if (operation.params || operation.query || operation.body || isWrite(operation)) {
    add(400, error('The input was refused: malformed JSON, a NUL character, or a field that fails its rule (issues).'));
  }
  if (operation.access === 'session') add(401, error('Not signed in.'));
  const crossOrigin = operation.path.startsWith('/api/admin/') && isWrite(operation);
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
