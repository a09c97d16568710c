// With COOKIE_SECURE=true the session cookie is Secure, and express-session does not set a Secure
// cookie on a request it sees as plain HTTP: a sign-in over HTTP would answer "signed in" and leave
// nobody signed in. It is refused instead, saying why (config.ts `configWarnings` also warns at start).
import { API_ERRORS } from '@shine/shared/messages';
import type { RequestHandler } from 'express';
import { AppError } from './app-error.ts';

export function requireHttpsForSecureCookies(cookieSecure: boolean): RequestHandler {
  // req.secure: TLS on this socket, or X-Forwarded-Proto: https from a proxy TRUST_PROXY trusts.
  return (req, _res, next) =>
    next(cookieSecure && !req.secure ? new AppError(403, API_ERRORS.httpsRequired) : undefined);
}
