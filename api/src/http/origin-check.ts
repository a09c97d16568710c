// Cross-site request forgery defence on top of SameSite cookies: a write to /api/admin/* is refused
// (403) unless it comes from PUBLIC_ORIGIN or an origin listed in CORS_ORIGINS; in development, with
// no PUBLIC_ORIGIN, the request's own origin (scheme and Host) counts too.
import { API_ERRORS } from '@shine/shared/messages';
import type { Request, RequestHandler } from 'express';
import { AppError } from './app-error.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this request was addressed to (scheme and Host, as trust proxy lets Express see them). */
export function ownOrigin(req: Request): string | undefined {
  const host = req.get('host');
  return host ? `${req.protocol}://${host}`.toLowerCase() : undefined;
}

/**
 * With PUBLIC_ORIGIN configured only the configured origins count: the Host header is the client's to
 * write, so "the request's own origin" proves nothing (docs/security.md, review finding 8).
 */
export function isAllowedOrigin(
  origin: string,
  req: Request,
  allowed: ReadonlySet<string>,
  trustHost: boolean,
): boolean {
  const normalized = origin.toLowerCase();
  return allowed.has(normalized) || (trustHost && normalized === ownOrigin(req));
}

/**
 * - Origin present: it must be PUBLIC_ORIGIN, one of CORS_ORIGINS or (no PUBLIC_ORIGIN) ours ("null" never is).
 * - Origin absent (or "null", where asked): Sec-Fetch-Site decides (same-origin and none pass;
 *   same-site and cross-site don't; a "null" Origin without it is refused).
 * - Neither header: not a browser (curl, server-to-server, the desktop app's main process); allowed,
 *   since such a client does not carry a victim's cookies.
 */
export function adminOriginCheck(options: {
  publicOrigin?: string;
  corsOrigins: string[];
  /** Reads too (the live stream: another site must not hold one open with the user's cookie). */
  allMethods?: boolean;
  /**
   * Origin "null" is judged by Sec-Fetch-Site: a form on a page sent with Referrer-Policy: no-referrer
   * (the customer's link pages) posts with Origin "null", even to its own origin.
   */
  nullOriginBySite?: boolean;
}): RequestHandler {
  const allowed = new Set([options.publicOrigin, ...options.corsOrigins].filter(Boolean).map((o) => o!.toLowerCase()));
  return (req, _res, next) => {
    if (!options.allMethods && !WRITE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined && !(options.nullOriginBySite && origin === 'null')) {
      const passes = isAllowedOrigin(origin, req, allowed, !options.publicOrigin);
      return next(passes ? undefined : new AppError(403, API_ERRORS.crossOrigin));
    }
    const site = req.get('sec-fetch-site');
    if (site === 'same-origin' || site === 'none' || (site === undefined && origin === undefined)) return next();
    next(new AppError(403, API_ERRORS.crossOrigin));
  };
}
