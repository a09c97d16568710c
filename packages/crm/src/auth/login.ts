import { MESSAGES } from '@shine/shared/messages';
import type { LoginRequest } from '@shine/shared/auth';
import type { SessionInfo } from '@shine/shared/types';
import { sendApiRequest } from '../api/http.ts';
import { readServerMessage } from '../api/http-error.ts';
import { API } from '../api/paths.ts';

export type LoginOutcome = { ok: true; session: SessionInfo } | { ok: false; message: string };

/**
 * The sign-in of docs/requirements.md#login: POST the trimmed credentials, then GET /api/admin/me must report
 * isAuthenticated. On failure the message is the server's, else `Authentication failed ({status})`,
 * else (no answer at all) `Invalid credentials. Please try again.`.
 */
export async function signIn(credentials: LoginRequest): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await sendApiRequest('POST', API.login, { body: credentials });
  } catch {
    return { ok: false, message: MESSAGES.login.fallback };
  }
  if (!response.ok) {
    const serverMessage = await readServerMessage(response);
    return { ok: false, message: serverMessage ?? MESSAGES.login.statusFallback(response.status) };
  }
  try {
    const check = await sendApiRequest('GET', API.session);
    const session = check.ok ? ((await check.json()) as SessionInfo) : undefined;
    if (session?.isAuthenticated) return { ok: true, session };
  } catch {
    // treated as a failed session check below
  }
  return { ok: false, message: MESSAGES.login.sessionFailed };
}
