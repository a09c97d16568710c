// One structured log line per request (pino), credentials redacted (see logger.ts), secret path
// segments and admin query values left out: a lead search holds names, e-mails and phone numbers.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

/**
 * The paths whose next segment is a bearer secret: a customer's quote link (/q/{token}/… and
 * /api/quotes/{token}/…), a customer's invoice (/i/{token}), an e-mail's unsubscribe link (/u/{token}),
 * a new person's set-up link (/admin/setup-password/{token}) and a customer's sign-in link
 * (/account/sign-in/{token}). Routing ignores case and repeated
 * slashes, so this rule does too.
 */
export const SECRET_PATH_PREFIXES = [
  '/q',
  '/i',
  '/u',
  '/api/quotes',
  '/admin/setup-password',
  '/account/sign-in',
] as const;

const SECRET_SEGMENT = new RegExp(
  `^/+(${SECRET_PATH_PREFIXES.map((prefix) => prefix.slice(1).replaceAll('/', '/+')).join('|')})/+[^/?#]+`,
  'i',
);
/** Query parameters that are secrets wherever they appear (the set-up page takes `?token=` too). */
const SECRET_QUERY_NAMES = new Set(['token']);

function withQueryNamesOnly(path: string, query: string): string {
  const names = [...new URLSearchParams(query).keys()];
  return `${path}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`;
}

/**
 * The URL as logged, by one rule for every route: a secret path segment is left out whatever its
 * case (`/q/[redacted]`, `/Q/[redacted]/pdf`); an admin route's query, any query of a secret path and
 * any query holding a `token` keep their parameter names, not their values
 * (`/api/admin/leads?search=[redacted]&page=[redacted]`); other URLs are logged as they came.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = rawPath.replace(SECRET_SEGMENT, '/$1/[redacted]');
  if (queryAt === -1) return path;
  const query = url.slice(queryAt + 1);
  const secretQuery =
    path !== rawPath ||
    /^\/+api\/+admin/i.test(path) ||
    [...new URLSearchParams(query).keys()].some((name) => SECRET_QUERY_NAMES.has(name.toLowerCase()));
  return secretQuery ? withQueryNamesOnly(path, query) : url;
}

declare module 'node:http' {
  interface IncomingMessage {
    /** This request's id, also sent as X-Request-Id and written in its log line. */
    id: string;
    /** The app's logger, for an error in this request's handling (error-handler.ts names the request). */
    log: Logger;
  }
  interface ServerResponse {
    /** The error that ended this request with a 5xx, for its log line. */
    err?: Error;
  }
}

type Level = 'info' | 'warn' | 'error';

function levelOf(statusCode: number, failed: boolean): Level {
  if (failed || statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return 'info';
}

/**
 * The request's fields in its log line: id, method, the URL as loggedUrl leaves it, the client's
 * address. Built only for a line that is written, never per request.
 */
export function loggedRequest(req: IncomingMessage): {
  id: string;
  method?: string;
  url: string;
  remoteAddress?: string;
} {
  // Express rewrites req.url while routing (a mounted router sees its own part): the URL as it came.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  return { id: req.id, method: req.method, url: loggedUrl(url), remoteAddress: req.socket?.remoteAddress };
}

/**
 * pino directly, not pino-http: pino-http makes a child logger per request, serialising the request
 * into its bindings whether or not a line is ever written (at LOG_LEVEL=warn, for nothing). Here a
 * request costs its id and one listener; the line (same fields: req, res, responseTime, msg) is built
 * when it finishes, and only when its level is enabled.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    req.id = id;
    req.log = logger;
    res.setHeader('X-Request-Id', id);
    // The health check is polled by load balancers; keep it out of the info log.
    if (req.url === '/api/health') return next();
    const started = Date.now();
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const failure = res.err;
      const level = levelOf(res.statusCode, failure !== undefined);
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: loggedRequest(req),
        res: { statusCode: res.statusCode },
        ...(failure ? { err: failure } : {}),
        responseTime: Date.now() - started,
      };
      const message = failure ? 'request errored' : res.writableEnded ? 'request completed' : 'request aborted';
      logger[level](line, message);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
