import { MESSAGES } from '@shine/shared/messages';
import type { QuoteRequestIntake } from '@shine/shared/quote-request';
import { buildApiUrl } from '../../lib/api-url.ts';

export interface FieldIssue {
  path: string;
  message: string;
}

export type SubmitQuoteResult = { ok: true } | { ok: false; message: string; issues: FieldIssue[] };

/**
 * The API's error body (`{ message, issues?: [{ path, message }] }`), read once: its message when it
 * has one, and the well-formed issues.
 */
async function readErrorBody(response: Response): Promise<{ message?: string; issues: FieldIssue[] }> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { issues: [] };
  }
  if (!body || typeof body !== 'object') return { issues: [] };
  const message = 'message' in body && typeof body.message === 'string' && body.message ? body.message : undefined;
  const issues =
    'issues' in body && Array.isArray(body.issues)
      ? body.issues.filter(
          (issue): issue is FieldIssue =>
            !!issue && typeof issue === 'object' && typeof issue.path === 'string' && typeof issue.message === 'string',
        )
      : [];
  return { message, issues };
}

/**
 * POST /api/leads with cookies (docs/requirements.md#crm-data). A failure never throws: it returns the message for the
 * error toast (the server's, docs/requirements.md#messages) and any per-field issues the server reported.
 */
export async function submitQuote(
  payload: QuoteRequestIntake,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitQuoteResult> {
  let response: Response;
  try {
    response = await fetchImpl(buildApiUrl('/api/leads'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    // Offline, DNS, CORS refusal: there is no server message to show.
    return { ok: false, message: MESSAGES.quote.errorFallback, issues: [] };
  }
  if (response.ok) return { ok: true };
  const { message, issues } = await readErrorBody(response);
  // The server's message, else its status line, as every other error toast of the product shows.
  return { ok: false, message: message || response.statusText || `HTTP ${response.status}`, issues };
}
