// One structured log line per request (pino-http), credentials redacted (see logger.ts), secret path
// segments and admin query values left out: a lead search holds names, e-mails and phone numbers.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.ts';

/**
 * The paths whose next segment is a bearer secret: a customer's quote link (/q/{token}/… and
 * /api/quotes/{token}/…), an e-mail's unsubscribe link (/u/{token}) and a new person's set-up link
 * (/admin/setup-password/{token}). Routing ignores case and repeated slashes, so this rule does too.
 */
export const SECRET_PATH_PREFIXES = ['/q', '/u', '/api/quotes', '/admin/setup-password'] as const;

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

export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // The health check is polled by load balancers; keep it out of the info log.
    autoLogging: { ignore: (req) => req.url === '/api/health' },
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
}
