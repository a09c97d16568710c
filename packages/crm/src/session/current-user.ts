import type { SessionUser } from '@shine/shared/types';
import { useSession } from './session.ts';

/** The signed-in user (name and role from GET /api/admin/me); undefined while unknown or signed out. */
export function useCurrentUser(): SessionUser | undefined {
  const session = useSession();
  return session.data?.isAuthenticated ? session.data.user : undefined;
}

/**
 * Whether to offer admin-only screens and controls. Only a hint for the screen: the server checks the
 * role on every call and answers 403 to anyone else.
 */
export function useIsAdmin(): boolean {
  return useCurrentUser()?.role === 'admin';
}
