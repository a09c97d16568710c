// The central error middleware: every failure becomes `{ message, issues? }` with the right
// status. Nothing internal (stack, SQL, driver text) ever reaches the client; it goes to the log.
import { loggedRequest } from './request-logger.ts';
import { API_ERRORS } from '@shine/shared/messages';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { isDatabaseUnavailableError, isDataException } from '../db/errors.ts';
import { AppError, validationError } from './app-error.ts';

/** body-parser's error types, mapped to our statuses and messages. */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, API_ERRORS.malformedJson],
  'entity.verify.failed': [400, API_ERRORS.malformedJson],
  'request.aborted': [400, API_ERRORS.malformedJson],
  'request.size.invalid': [400, API_ERRORS.malformedJson],
  'entity.too.large': [413, API_ERRORS.payloadTooLarge],
  'encoding.unsupported': [415, API_ERRORS.unsupportedMediaType],
  'charset.unsupported': [415, API_ERRORS.unsupportedMediaType],
  'parameters.too.many': [413, API_ERRORS.payloadTooLarge],
};

/** PostgreSQL errors that are the client's doing (a race the service could not rule out). */
const CLIENT_SQLSTATES: Record<string, [number, string]> = {
  '23505': [409, API_ERRORS.conflict], // unique_violation
  '23503': [409, API_ERRORS.conflict], // foreign_key_violation
  '40001': [409, API_ERRORS.conflict], // serialization_failure
  '22001': [400, API_ERRORS.invalidInput], // string_data_right_truncation
  '22P02': [400, API_ERRORS.invalidInput], // invalid_text_representation
  '22003': [400, API_ERRORS.invalidInput], // numeric_value_out_of_range
  '23514': [400, API_ERRORS.invalidInput], // check_violation
  // PostgreSQL text cannot hold NUL (U+0000): refused as input, not a 500 (the resilience suite's
  // generated input sends it).
  '22021': [400, API_ERRORS.invalidInput], // character_not_in_repertoire: 0x00 in text
  '22P05': [400, API_ERRORS.invalidInput], // untranslatable_character: \u0000 in json
};

/** Other client errors raised by Express itself (e.g. a path parameter that is not valid %-encoding). */
const CLIENT_STATUS_MESSAGES: Record<number, string> = {
  404: API_ERRORS.notFound,
  413: API_ERRORS.payloadTooLarge,
  415: API_ERRORS.unsupportedMediaType,
};

function classify(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  const { type, code, status } = (error ?? {}) as { type?: unknown; code?: unknown; status?: unknown };
  if (typeof type === 'string' && BODY_ERRORS[type]) return new AppError(...BODY_ERRORS[type]);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, CLIENT_STATUS_MESSAGES[status] ?? API_ERRORS.invalidInput);
  }
  if (isDatabaseUnavailableError(error)) return new AppError(503, API_ERRORS.databaseUnavailable);
  if (typeof code === 'string' && CLIENT_SQLSTATES[code]) return new AppError(...CLIENT_SQLSTATES[code]);
  // Any other data exception (class 22, e.g. 22008 a date out of range): the input's fault, a 400.
  if (isDataException(error)) return new AppError(400, API_ERRORS.invalidInput);
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const known = classify(error);
  const status = known?.status ?? 500;
  if (status >= 500) {
    // The request's log line carries the error too (request-logger.ts); 503s are expected during an outage.
    const request = loggedRequest(req);
    if (status === 503) req.log?.warn({ err: error, req: request }, 'database unavailable');
    else req.log?.error({ err: error, req: request }, 'unhandled error');
    res.err = error instanceof Error ? error : new Error(String(error));
  }
  if (status === 503) res.setHeader('Retry-After', '5');
  res.status(status).json({
    message: known?.message ?? API_ERRORS.internal,
    ...(known?.issues ? { issues: known.issues } : {}),
  });
};

/** Unknown /api paths answer JSON, not the site's 404 page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: API_ERRORS.notFound });
};
