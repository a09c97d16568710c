import { MESSAGES } from '@shine/shared/messages';
import type { LoginRequest } from '@shine/shared/auth';
import type { SessionInfo } from '@shine/shared/types';
import { API } from '../api/paths.ts';

export type LoginOutcome = { ok: true; session: SessionInfo } | { ok: false; message: string };

async function readServerMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // no JSON body
  }
  return undefined;
}

/**
 * The sign-in of SPEC.md §4/§8: POST the trimmed credentials, then GET /api/admin/me must report
 * isAuthenticated. On failure the message is the server's, else `Authentication failed ({status})`,
 * else (no answer at all) `Invalid credentials. Please try again.`.
 */
export async function signIn(credentials: LoginRequest): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await fetch(API.login, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch {
    return { ok: false, message: MESSAGES.login.fallback };
  }
  if (!response.ok) {
    const serverMessage = await readServerMessage(response);
    return { ok: false, message: serverMessage ?? MESSAGES.login.statusFallback(response.status) };
  }
  try {
    const check = await fetch(API.session, { credentials: 'include', headers: { Accept: 'application/json' } });
    const session = check.ok ? ((await check.json()) as SessionInfo) : undefined;
    if (session?.isAuthenticated) return { ok: true, session };
  } catch {
    // treated as a failed session check below
  }
  return { ok: false, message: MESSAGES.login.sessionFailed };
}
