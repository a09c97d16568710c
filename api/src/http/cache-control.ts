// Cache rules for API answers, in one place (docs/security.md, review finding 11).
import type { RequestHandler } from 'express';

/**
 * Every /api/admin answer carries personal data or session state: `no-store` by default, set before
 * any route runs, so a route cannot forget it. The polled reads replace it with `private, no-cache`
 * and an ETag (conditional.ts): the browser keeps a private copy and revalidates it on every use.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
