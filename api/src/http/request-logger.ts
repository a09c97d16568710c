// One structured log line per request (pino-http), credentials redacted (see logger.ts) and admin
// query values left out: a lead search holds names, e-mails and phone numbers (docs/security.md,
// review finding 10).
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.ts';

/**
 * A customer's quote link holds its token (a bearer secret): /q/{token}/… and /api/quotes/{token}/…;
 * so does an e-mail's unsubscribe link, /u/{token}.
 */
const QUOTE_LINK = /^(\/q|\/api\/quotes|\/u)\/[^/?]+/;

/**
 * The URL as logged: an admin route's query keeps its parameter names, not their values
 * (`/api/admin/leads?search=[redacted]&page=[redacted]`), a quote link's token is left out
 * (`/q/[redacted]`); other URLs are logged as they came.
 */
export function loggedUrl(url: string): string {
  if (QUOTE_LINK.test(url)) return url.replace(QUOTE_LINK, '$1/[redacted]');
  const queryAt = url.indexOf('?');
  if (queryAt === -1 || !url.startsWith('/api/admin')) return url;
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  return `${url.slice(0, queryAt)}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`;
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
