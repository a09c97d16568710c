import type { FormInstance } from 'antd';
import { HttpError } from '../api/http-error.ts';

/**
 * Puts a refused request's field issues (a 400's `issues`) on the form's fields of the same name, so
 * the message shows where the person typed (docs/requirements.md#validation). Answers the messages
 * that belong to no field of `fields`, for a toast or an alert; none when every issue found a field.
 */
export function showServerIssues(form: FormInstance, error: unknown, fields: readonly string[]): string[] {
  if (!(error instanceof HttpError) || error.issues.length === 0) return error instanceof Error ? [error.message] : [];
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (fields.includes(field)) byField.set(field, [...(byField.get(field) ?? []), issue.message]);
    else rest.push(issue.message);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return rest;
}
