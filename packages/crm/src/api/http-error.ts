import type { ErrorBody } from '@shine/shared/types';

/** A refused field of a 400 answer: `path` is the field, dotted; empty for the body as a whole. */
export type FieldIssue = NonNullable<ErrorBody['issues']>[number];

interface ServerError {
  message?: string;
  issues: FieldIssue[];
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/** The `message` and `issues` of a JSON error body, as far as the server sent them. */
async function readServerError(response: Response): Promise<ServerError> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') return { issues: [] };
    const message = 'message' in body && typeof body.message === 'string' && body.message ? body.message : undefined;
    const issues = 'issues' in body && Array.isArray(body.issues) ? body.issues.filter(isFieldIssue) : [];
    return { message, issues };
  } catch {
    // not JSON: the caller falls back to what it knows
    return { issues: [] };
  }
}

/** The `message` of a JSON error body, when the server sent one. */
export async function readServerMessage(response: Response): Promise<string | undefined> {
  return (await readServerError(response)).message;
}

/**
 * The error text of a non-OK response (docs/requirements.md#messages): the JSON body's `message`, else the status
 * text, else `HTTP {status}`.
 */
export async function readErrorMessage(response: Response): Promise<string> {
  return (await readServerMessage(response)) || response.statusText || `HTTP ${response.status}`;
}

/** An HTTP failure carrying its status (so callers can tell 401 from the rest) and a 400's field issues. */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: readonly FieldIssue[];
  constructor(status: number, message: string, issues: readonly FieldIssue[] = []) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
  }
}

export async function throwIfNotOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const { message, issues } = await readServerError(response);
  throw new HttpError(response.status, message || response.statusText || `HTTP ${response.status}`, issues);
}
