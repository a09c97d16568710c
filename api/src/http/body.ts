// JSON bodies only: a body of another type is refused (415) before it is read, a malformed or too
// deeply nested one is a 400 and an oversized one a 413 (see error-handler.ts). Admin bodies are read
// only for a session the call lets in (app.ts): a stranger's upload, or one to a call of a role the
// session does not hold, is never inflated or parsed.
import { API_ERRORS } from '@shine/shared/messages';
import { findOperation } from '@shine/shared/operations';
import express, { type Request, type RequestHandler } from 'express';
import { AppError } from './app-error.ts';
import { findSessionUser } from './auth-guard.ts';
import { exceedsJsonDepth } from './json-depth.ts';

export const JSON_LIMIT = '100kb';
/** POST /api/admin/login: a username and a password (at most 254 and 256 characters). */
export const LOGIN_JSON_LIMIT = '4kb';
/** POST /api/setup-password: a token (at most 200 characters) and a password (at most 256). */
export const SETUP_PASSWORD_JSON_LIMIT = '4kb';
/** POST /api/leads: a quote is well under 4 kB. */
export const PUBLIC_JSON_LIMIT = '16kb';
/** POST /api/admin/leads/export may carry up to MAX_EXPORT_IDS ids (about 38 bytes each). */
export const EXPORT_JSON_LIMIT = '4mb';

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function jsonBody(limit: string): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    if (hasBody(req) && !req.is('application/json')) {
      next(new AppError(415, API_ERRORS.unsupportedMediaType));
      return;
    }
    next();
  };
  // Any JSON value parses (a string or a number is well-formed JSON); the route's schema then refuses
  // what is not an object, after the sign-in check, like any other wrong input.
  return [
    requireJson,
    express.json({
      limit,
      strict: false,
      type: 'application/json',
      // Runs on the raw (inflated) bytes before JSON.parse; what it throws is the answer (400).
      verify: (_req, _res, buffer) => {
        if (exceedsJsonDepth(buffer)) throw new AppError(400, API_ERRORS.jsonTooDeep);
      },
    }),
  ];
}

/**
 * Runs `parsers` (a router of body parsers) only for a session the call lets in: signed in, and of the
 * role its entry names. For anyone else the body is left unread and the route's guard answers 401 or
 * 403 (Node discards the unread bytes without inflating or parsing them); a path no call has is a 404
 * with nothing read either.
 */
export function whenPermitted(parsers: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const user = findSessionUser(req);
    if (!user) return next();
    const call = findOperation(req.method, `${req.baseUrl}${req.path}`);
    if (!call || (call.role !== undefined && call.role !== user.role)) return next();
    parsers(req, res, next);
  };
}
