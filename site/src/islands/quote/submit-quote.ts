import { MESSAGES } from '@shine/shared/messages';
import type { QuoteRequestIntake } from '@shine/shared/quote-request';
import { buildApiUrl } from '../../lib/api-url.ts';
import type { FieldIssue } from './quote-call.ts';

export type { FieldIssue } from './quote-call.ts';

export type SubmitQuoteResult = { ok: true } | { ok: false; message: string; issues: FieldIssue[] };

/**
 * The quote form's call (`publicOperations.receiveQuoteRequest`) with cookies (docs/requirements.md#crm-data). A
 * failure never throws: it returns the message for the error toast (the server's, docs/requirements.md#messages)
 * and any per-field issues the server reported, read by the shared error schema.
 */
export async function submitQuote(
  payload: QuoteRequestIntake,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitQuoteResult> {
  let response: Response;
  let contract: typeof import('./quote-call.ts');
  try {
    contract = await import('./quote-call.ts');
    response = await fetchImpl(buildApiUrl(contract.quoteCall.path), {
      method: contract.quoteCall.method.toUpperCase(),
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    // Offline, DNS, CORS refusal (or the call's module could not be fetched): no server message to show.
    return { ok: false, message: MESSAGES.quote.errorFallback, issues: [] };
  }
  if (response.ok) return { ok: true };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const { message, issues } = contract.readErrorBody(body);
  // The server's message, else its status line, as every other error toast of the product shows.
  return { ok: false, message: message || response.statusText || `HTTP ${response.status}`, issues };
}
