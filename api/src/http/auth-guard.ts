import { API_ERRORS } from '@shine/shared/messages';
import type { Request, RequestHandler } from 'express';
import { AppError } from './app-error.ts';

export interface SignedInUser {
  id: string;
  username: string;
}

/** The signed-in user of this request, if any. */
export function findSessionUser(req: Pick<Request, 'session'>): SignedInUser | undefined {
  const { userId, username } = req.session ?? {};
  return userId && username ? { id: userId, username } : undefined;
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
