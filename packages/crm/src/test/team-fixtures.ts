import { publicOperations } from '@shine/shared/operations/public';
import { stubCall } from './fetch-mock.ts';
import type { UserRole } from '@shine/shared/enums';
import type { SessionInfo, TeamUser } from '@shine/shared/types';

export const ADMIN_ID = '0b1c2d3e-4f5a-4b6c-8d7e-000000000001';
export const SALES_ID = '0b1c2d3e-4f5a-4b6c-8d7e-000000000002';

/** GET /api/admin/me of a signed-in user of `role`. */
export function sessionOf(role: UserRole, name = role === 'admin' ? 'Olivia Owner' : 'Ana Ruiz'): SessionInfo {
  const id = role === 'admin' ? ADMIN_ID : SALES_ID;
  return { isAuthenticated: true, user: { id, username: `${role}@example.com`, name, role } };
}

/** The stub of the session check, for mockFetch. */
export const signedInAs = (role: UserRole, name?: string) =>
  stubCall(publicOperations.getSession, { body: sessionOf(role, name) });

let counter = 100;

/** A person as GET /api/admin/users answers them. */
export function makeTeamUser(overrides: Partial<TeamUser> = {}): TeamUser {
  counter += 1;
  return {
    id: `0b1c2d3e-4f5a-4b6c-8d7e-${String(counter).padStart(12, '0')}`,
    name: 'Ben Ortiz',
    email: `ben${counter}@example.com`,
    role: 'sales',
    phone: null,
    disabled: false,
    away: false,
    awayUntil: null,
    maxOpenLeads: null,
    openLeads: 0,
    hasPassword: true,
    setupExpiresAt: null,
    createdAt: '2025-03-01T15:00:00.000Z',
    ...overrides,
  };
}
