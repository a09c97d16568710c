import type { UserRole } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import type { Request, RequestHandler } from 'express';
import { AppError } from './app-error.ts';

/**
 * Who a signed-in session belongs to, as stored at sign-in. The session is kept true to the user's row:
 * disabling a user deletes their sessions, a role or name change rewrites them (auth/users.service.ts),
 * so the role read here is the user's current one from their next request on.
 */
export interface SignedInUser {
  id: string;
  username: string;
  name: string;
  role: UserRole;
}

/** The signed-in user of this request, if any. */
export function findSessionUser(req: Pick<Request, 'session'>): SignedInUser | undefined {
  const { userId, username, name, role } = req.session ?? {};
  // A session without a role predates roles and was not carried over: it signs in again.
  return userId && username && role ? { id: userId, username, name: name ?? '', role } : undefined;
}

/** The signed-in user; only call behind requireAuth. */
export function sessionUser(req: Pick<Request, 'session'>): SignedInUser {
  const user = findSessionUser(req);
  if (!user) throw new AppError(401, API_ERRORS.unauthenticated);
  return user;
}

/** Every /api/admin route but login and me: 401 without a signed-in session. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  next(findSessionUser(req) ? undefined : new AppError(401, API_ERRORS.unauthenticated));
};

/**
 * Behind requireAuth: 403 unless the session's role is `role` (docs/decisions.md, "Team": admin does
 * everything, sales works leads and activities).
 */
export function requireRole(role: UserRole): RequestHandler {
  return (req, _res, next) => {
    const user = findSessionUser(req);
    if (!user) return next(new AppError(401, API_ERRORS.unauthenticated));
    next(user.role === role ? undefined : new AppError(403, API_ERRORS.adminRoleRequired));
  };
}
