// Requests must name one of our host names (docs/security.md, review finding 8). Without it a forged
// Host header made the request's "own origin" whatever the attacker chose, so an Origin matching it
// passed the admin origin check; it also keeps DNS-rebinding pages away from the API.
import { API_ERRORS } from '@shine/shared/messages';
import type { RequestHandler } from 'express';
import { AppError } from './app-error.ts';

/**
 * `allowedHosts` empty: any host (development, with no PUBLIC_ORIGIN). Otherwise another host name is
 * answered 421 Misdirected Request, before anything else runs; the port is not compared (the socket
 * already decided it). /api/health stays open to load balancers' probes, which name the backend.
 */
export function hostCheck(allowedHosts: readonly string[]): RequestHandler {
  const allowed = new Set(allowedHosts);
  return (req, _res, next) => {
    if (allowed.size === 0 || req.path === '/api/health') return next();
    next(allowed.has(req.hostname.toLowerCase()) ? undefined : new AppError(421, API_ERRORS.misdirected));
  };
}
