// Cross-site request forgery defence on top of SameSite cookies: a write to /api/admin/* is refused
// (403) unless it comes from the API's own origin or an origin listed in CORS_ORIGINS.
import { API_ERRORS } from '@shine/shared/messages';
import type { Request, RequestHandler } from 'express';
import { AppError } from './app-error.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this request was addressed to (scheme and Host, as trust proxy lets Express see them). */
export function ownOrigin(req: Request): string | undefined {
  const host = req.get('host');
  return host ? `${req.protocol}://${host}`.toLowerCase() : undefined;
}

export function isAllowedOrigin(origin: string, req: Request, allowed: ReadonlySet<string>): boolean {
  const normalized = origin.toLowerCase();
  return normalized === ownOrigin(req) || allowed.has(normalized);
}

/**
 * - Origin present: it must be ours, PUBLIC_ORIGIN or one of CORS_ORIGINS ("null" never is).
 * - Origin absent: Sec-Fetch-Site decides (same-origin and none pass; same-site and cross-site don't).
 * - Neither header: not a browser (curl, server-to-server, the desktop app's main process); allowed,
 *   since such a client does not carry a victim's cookies.
 */
export function adminOriginCheck(options: { publicOrigin?: string; corsOrigins: string[] }): RequestHandler {
  const allowed = new Set([options.publicOrigin, ...options.corsOrigins].filter(Boolean).map((o) => o!.toLowerCase()));
  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      return next(isAllowedOrigin(origin, req, allowed) ? undefined : new AppError(403, API_ERRORS.crossOrigin));
    }
    const site = req.get('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    next(new AppError(403, API_ERRORS.crossOrigin));
  };
}
