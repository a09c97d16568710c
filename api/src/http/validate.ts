// Parses a request's params, query and body with the shared zod schemas; a failure is a 400 whose
// message is the first issue's. Handlers after it see the parsed (trimmed, defaulted) values.
import { API_ERRORS } from '@shine/shared/messages';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError, validationError } from './app-error.ts';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

interface Schemas<P, Q, B> {
  params?: P;
  query?: Q;
  body?: B;
}

export function validate<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(schemas: Schemas<P, Q, B>): RequestHandler<Out<P>, unknown, Out<B>, Out<Q>> {
  return (req, _res, next) => {
    // PostgreSQL text cannot hold NUL: refuse it here, with a message, before anything is written.
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) {
      return next(new AppError(400, API_ERRORS.nulCharacter));
    }
    if (schemas.params) {
      const result = schemas.params.safeParse(req.params);
      if (!result.success) return next(validationError(result.error));
      req.params = result.data as Out<P>;
    }
    if (schemas.query) {
      const result = schemas.query.safeParse(req.query);
      if (!result.success) return next(validationError(result.error));
      // Express 5's req.query is a getter; shadow it with the parsed value.
      Object.defineProperty(req, 'query', { value: result.data, writable: true, configurable: true });
    }
    if (schemas.body) {
      // No body at all reads as an empty object, so the schema names the first missing field. A body
      // that is JSON `null` is a body, and not an object: the schema refuses it like any other value.
      const result = schemas.body.safeParse(req.body === undefined ? {} : req.body);
      if (!result.success) return next(validationError(result.error));
      req.body = result.data as Out<B>;
    }
    next();
  };
}

/** Whether any string (or key) in a parsed JSON value or query object contains U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Body parsing already bounds nesting; the cap keeps this walk cheap whatever reaches it.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
