import { MESSAGES } from '@shine/shared/messages';
import type { LoginRequest } from '@shine/shared/auth';
import type { AnswerOf } from '@shine/shared/operations/operation';
import { publicOperations } from '@shine/shared/operations/public';
import { send } from '../api/client.ts';
import { readServerMessage } from '../api/http-error.ts';

type SessionInfo = AnswerOf<typeof publicOperations.getSession>;

export type LoginOutcome = { ok: true; session: SessionInfo } | { ok: false; message: string };

/**
 * The sign-in of docs/requirements.md#login: POST the trimmed credentials, then GET /api/admin/me must report
 * isAuthenticated. On failure the message is the server's, else `Authentication failed ({status})`,
 * else (no answer at all) `Invalid credentials. Please try again.`.
 */
export async function signIn(credentials: LoginRequest): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await send(publicOperations.signIn, { body: credentials });
  } catch {
    return { ok: false, message: MESSAGES.login.fallback };
  }
  if (!response.ok) {
    const serverMessage = await readServerMessage(response);
    return { ok: false, message: serverMessage ?? MESSAGES.login.statusFallback(response.status) };
  }
  try {
    const check = await send(publicOperations.getSession, undefined);
    const session = check.ok ? ((await check.json()) as SessionInfo) : undefined;
    if (session?.isAuthenticated) return { ok: true, session };
  } catch {
    // treated as a failed session check below
  }
  return { ok: false, message: MESSAGES.login.sessionFailed };
}
