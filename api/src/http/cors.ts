// CORS for the origins in CORS_ORIGINS (the site deployed on its own host, calling POST /api/leads,
// or a CRM served elsewhere), with credentials. Other origins get no CORS headers at all.
import type { RequestHandler } from 'express';

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Content-Type, If-None-Match';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function corsForOrigins(origins: string[]): RequestHandler {
  const allowed = new Set(origins.map((origin) => origin.toLowerCase()));
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (!origin || !allowed.has(origin.toLowerCase())) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After, RateLimit, RateLimit-Policy');
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      res.status(204).end();
      return;
    }
    next();
  };
}
