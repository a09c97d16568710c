import { readErrorMessage } from '@shine/shared/http-error';
import { MESSAGES } from '@shine/shared/messages';
import type { QuoteIntake } from '@shine/shared/quote';
import { buildApiUrl } from '../../lib/api-url.ts';

export interface FieldIssue {
  path: string;
  message: string;
}

export type SubmitQuoteResult = { ok: true } | { ok: false; message: string; issues: FieldIssue[] };

/** The `issues` of the API's error body (DESIGN.md: `{ message, issues?: [{ path, message }] }`). */
async function readIssues(response: Response): Promise<FieldIssue[]> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object' || !('issues' in body) || !Array.isArray(body.issues)) return [];
    return body.issues.filter(
      (issue): issue is FieldIssue =>
        !!issue && typeof issue === 'object' && typeof issue.path === 'string' && typeof issue.message === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * POST /api/leads with cookies (SPEC.md §7). A failure never throws: it returns the message for the
 * error toast (the server's, SPEC.md §8) and any per-field issues the server reported.
 */
export async function submitQuote(payload: QuoteIntake, fetchImpl: typeof fetch = fetch): Promise<SubmitQuoteResult> {
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
  const [message, issues] = await Promise.all([readErrorMessage(response.clone()), readIssues(response)]);
  return { ok: false, message: message || MESSAGES.quote.errorFallback, issues };
}
