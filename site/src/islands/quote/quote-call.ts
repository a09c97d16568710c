// Loaded on demand at the first submit, after the form's schema (quote-resolver.ts) has brought zod:
// the quote form's call and the API's error body, both from the contract in packages/shared.
import '../form/zod-without-eval.ts';
import { publicOperations } from '@shine/shared/operations/public';
import { errorBodySchema, errorIssueSchema } from '@shine/shared/responses/common';
import type { ErrorBody } from '@shine/shared/types';

export type FieldIssue = NonNullable<ErrorBody['issues']>[number];

/** The call the quote form makes (POST, its path). */
export const quoteCall = publicOperations.receiveQuoteRequest;

/**
 * The API's error body, read by its schema: its message when it has one, and its field issues. A body
 * that is not quite the contract's (a proxy's error page, say) still gives the parts that are.
 */
export function readErrorBody(body: unknown): { message?: string; issues: FieldIssue[] } {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return { message: parsed.data.message || undefined, issues: parsed.data.issues ?? [] };
  if (!body || typeof body !== 'object') return { issues: [] };
  const message = errorBodySchema.shape.message.safeParse('message' in body ? body.message : undefined);
  const issues = 'issues' in body && Array.isArray(body.issues) ? body.issues : [];
  return {
    message: message.success && message.data ? message.data : undefined,
    issues: issues.flatMap((issue: unknown) => {
      const one = errorIssueSchema.safeParse(issue);
      return one.success ? [one.data] : [];
    }),
  };
}
