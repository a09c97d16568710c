// The one error type routes and services throw on purpose; the error handler turns it into
// `{ message, issues? }` with its status.
import type { z } from 'zod';

export interface ErrorIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly issues: ErrorIssue[] | undefined;

  constructor(status: number, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.issues = issues;
  }
}

export function toIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A 400 whose message is the first issue's, so a client showing `message` shows the text of docs/requirements.md#validation. */
export function validationError(error: z.ZodError): AppError {
  const issues = toIssues(error);
  return new AppError(400, issues[0]?.message ?? 'Invalid input', issues);
}
